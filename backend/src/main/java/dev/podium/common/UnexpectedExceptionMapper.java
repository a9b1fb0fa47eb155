package dev.podium.common;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import org.jboss.logging.Logger;

/** Last resort: anything unexpected is a 500 problem+json (or 503 when it is the database being unreachable). */
@Provider
public class UnexpectedExceptionMapper implements ExceptionMapper<RuntimeException> {

    private static final Logger LOG = Logger.getLogger(UnexpectedExceptionMapper.class);

    @Override
    public Response toResponse(RuntimeException exception) {
        return DatabaseErrors.answer(exception, LOG, "unexpected error", "an unexpected error occurred");
    }
}
