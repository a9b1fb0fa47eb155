package dev.podium.common;

import jakarta.persistence.PersistenceException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import org.jboss.logging.Logger;

/**
 * Last resort: a database that cannot be reached answers 503 with Retry-After (clients retry); any other database error
 * and anything else unexpected is a 500 problem+json that says which of the two it was.
 */
@Provider
public class UnexpectedExceptionMapper implements ExceptionMapper<RuntimeException> {

    private static final Logger LOG = Logger.getLogger(UnexpectedExceptionMapper.class);

    @Override
    public Response toResponse(RuntimeException exception) {
        if (exception instanceof PersistenceException) {
            return DatabaseErrors.answer(exception, LOG, "database error", "the database refused the operation");
        }
        return DatabaseErrors.answer(exception, LOG, "unexpected error", "an unexpected error occurred");
    }
}
