package dev.podium.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.ws.rs.core.Response;

/** Builds problem+json responses; serialised here so no content negotiation can turn them into anything else. */
public final class Problems {

    public static final String TYPE_BASE = "https://podium.dev/problems/";
    private static final ObjectMapper JSON = new ObjectMapper();

    private Problems() {}

    public static Response response(Problem problem, Integer retryAfterSeconds) {
        Response.ResponseBuilder builder =
                Response.status(problem.status()).type(Problem.MEDIA_TYPE).entity(json(problem));
        if (retryAfterSeconds != null) {
            builder.header("Retry-After", retryAfterSeconds);
        }
        return builder.build();
    }

    public static String json(Problem problem) {
        try {
            return JSON.writeValueAsString(problem);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a problem record always serialises", e);
        }
    }
}
