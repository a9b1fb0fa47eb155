package dev.podium.common;

import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.security.MessageDigest;
import java.util.UUID;

/**
 * A signed submission (a run, an A/B comparison) as its store took it, keyed by the id it carries: created now, or the
 * same bytes stored before, so that sending one envelope again changes nothing. Other bytes under a stored id are a
 * conflict, answered 409 naming runId.
 */
public record Accepted(UUID id, boolean created) {

    /** What a store found for a submission's id. */
    public enum Outcome {
        CREATED,
        IDENTICAL,
        CONFLICT;

        /** An id already stored: the same payload (by its SHA-256) is identical, another one a conflict. */
        public static Outcome against(byte[] storedSha256, byte[] payloadSha256) {
            return MessageDigest.isEqual(storedSha256, payloadSha256) ? IDENTICAL : CONFLICT;
        }
    }

    /** The answer to {@code outcome}; a conflict throws a 409 problem of {@code conflictType} about {@code what}. */
    public static Accepted of(UUID id, Outcome outcome, String conflictType, String what) {
        return switch (outcome) {
            case CREATED -> new Accepted(id, true);
            case IDENTICAL -> new Accepted(id, false);
            case CONFLICT ->
                throw new ProblemException(
                        409, conflictType, "Conflict", what + " is already stored with other payload bytes", "runId");
        };
    }

    /** 201 with Location {@code collection/id} when created, else 200; the body {id} either way. */
    public Response response(String collection) {
        Id body = new Id(id);
        return created
                ? Response.created(URI.create(collection + "/" + id))
                        .entity(body)
                        .build()
                : Response.ok(body).build();
    }

    /** The body of the answer: the stored submission's id. */
    public record Id(UUID id) {}
}
