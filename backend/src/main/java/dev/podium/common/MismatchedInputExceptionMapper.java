package dev.podium.common;

import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** JSON of the wrong shape for the endpoint: 400 problem+json naming the field (replaces Quarkus's own JSON answer). */
@Provider
public class MismatchedInputExceptionMapper implements ExceptionMapper<MismatchedInputException> {

    @Override
    public Response toResponse(MismatchedInputException exception) {
        return JsonBodyErrors.badRequest(exception);
    }
}
