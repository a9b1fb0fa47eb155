package dev.podium.common;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Answers a refused request with its problem+json. */
@Provider
public class ProblemExceptionMapper implements ExceptionMapper<ProblemException> {

    @Override
    public Response toResponse(ProblemException exception) {
        return Problems.response(exception.toProblem(), exception.retryAfterSeconds());
    }
}
