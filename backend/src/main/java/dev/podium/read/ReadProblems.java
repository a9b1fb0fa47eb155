package dev.podium.read;

import dev.podium.common.ProblemException;

/** The read API's refusals, as the service's problem+json answers naming the query parameter in {@code field}. */
public final class ReadProblems {

    /** What a read endpoint's 400 says in the OpenAPI: badParameter or unknownParameter, naming the parameter. */
    public static final String BAD_QUERY_DESCRIPTION = "Unknown parameter or value; `field` names it";

    private ReadProblems() {}

    public static ProblemException badParameter(String field, String detail) {
        return ProblemException.badRequest("invalid-parameter", detail, field);
    }

    public static ProblemException unknownParameter(String field, String detail) {
        return ProblemException.badRequest("unknown-parameter", detail, field);
    }

    public static ProblemException notFound(String field, String detail) {
        return new ProblemException(404, "not-found", "Not found", detail, field);
    }
}
