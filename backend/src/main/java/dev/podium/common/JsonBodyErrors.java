package dev.podium.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import jakarta.ws.rs.core.Response;

/** A JSON request body that cannot be read (for endpoints that bind one), as a 400 naming the field when known. */
final class JsonBodyErrors {

    private JsonBodyErrors() {}

    static Response badRequest(JsonProcessingException exception) {
        String field = null;
        if (exception instanceof JsonMappingException mapping
                && !mapping.getPath().isEmpty()) {
            StringBuilder path = new StringBuilder();
            for (JsonMappingException.Reference ref : mapping.getPath()) {
                if (ref.getFieldName() != null) {
                    path.append(path.isEmpty() ? "" : ".").append(ref.getFieldName());
                } else if (ref.getIndex() >= 0) {
                    path.append('[').append(ref.getIndex()).append(']');
                }
            }
            field = path.isEmpty() ? null : path.toString();
        }
        Problem problem = new Problem(
                Problems.TYPE_BASE + "malformed-body",
                "Bad request",
                400,
                "the body is not the JSON this endpoint expects: " + exception.getOriginalMessage(),
                field,
                null);
        return Problems.response(problem, null);
    }
}
