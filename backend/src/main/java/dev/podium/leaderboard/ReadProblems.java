package dev.podium.leaderboard;

import dev.podium.common.ProblemException;

/** The read API's refusals, as the service's problem+json answers naming the query parameter in {@code field}. */
final class ReadProblems {

    private ReadProblems() {}

    static ProblemException badParameter(String field, String detail) {
        return ProblemException.badRequest("invalid-parameter", detail, field);
    }

    static ProblemException unknownParameter(String field, String detail) {
        return ProblemException.badRequest("unknown-parameter", detail, field);
    }

    static ProblemException notFound(String field, String detail) {
        return new ProblemException(404, "not-found", "Not found", detail, field);
    }
}
