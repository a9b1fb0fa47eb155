package dev.podium.common;

import java.util.List;
import java.util.UUID;

/** A request the service refuses, carrying everything its problem+json answer says. */
public class ProblemException extends RuntimeException {

    private final int status;
    private final String slug;
    private final String title;
    private final String field;
    private final List<Problem.FieldError> errors;
    private final Integer retryAfterSeconds;

    public ProblemException(
            int status,
            String slug,
            String title,
            String detail,
            String field,
            List<Problem.FieldError> errors,
            Integer retryAfterSeconds) {
        super(detail, null, false, false); // answers, not failures: no stack trace needed
        this.status = status;
        this.slug = slug;
        this.title = title;
        this.field = field;
        this.errors = errors == null || errors.size() < 2 ? null : List.copyOf(errors);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public ProblemException(int status, String slug, String title, String detail, String field) {
        this(status, slug, title, detail, field, null, null);
    }

    /** 422 naming every offending field; the first one is the problem's `field`. */
    public static ProblemException invalid(String title, List<Problem.FieldError> errors) {
        Problem.FieldError first = errors.getFirst();
        String detail = errors.size() == 1
                ? first.field() + ": " + first.message()
                : first.field() + ": " + first.message() + " (and " + (errors.size() - 1) + " more)";
        return new ProblemException(422, "invalid-run", title, detail, first.field(), errors, null);
    }

    public static ProblemException badRequest(String slug, String detail, String field) {
        return new ProblemException(400, slug, "Bad request", detail, field);
    }

    /** 409: what the request would create exists already; {@code field} names what makes it the same. */
    public static ProblemException conflict(String slug, String detail, String field) {
        return new ProblemException(409, slug, "Conflict", detail, field);
    }

    /** 413 for an envelope over PODIUM_MAX_RUN_BYTES, whether refused by its Content-Length or by its bytes. */
    public static ProblemException runTooLarge(long bytes, long limit) {
        return new ProblemException(
                413,
                "run-too-large",
                "Content too large",
                "the envelope is " + bytes + " bytes; the limit is " + limit + " (PODIUM_MAX_RUN_BYTES)",
                null);
    }

    public static ProblemException notFound(String detail) {
        return new ProblemException(404, "not-found", "Not found", detail, null);
    }

    /** The id of a path ({id}) as a UUID; 404 saying {@code detail} when it is not one: nothing has it. */
    public static UUID uuidOrNotFound(String id, String detail) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw notFound(detail);
        }
    }

    public int status() {
        return status;
    }

    public Integer retryAfterSeconds() {
        return retryAfterSeconds;
    }

    public Problem toProblem() {
        return new Problem(Problems.TYPE_BASE + slug, title, status, getMessage(), field, errors);
    }
}
