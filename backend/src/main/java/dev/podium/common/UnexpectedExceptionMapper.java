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
        if (DatabaseErrors.isUnavailable(exception)) {
            LOG.warnf("database unavailable: %s", DatabaseErrors.rootMessage(exception));
            return Problems.response(DatabaseErrors.unavailable(), DatabaseErrors.RETRY_AFTER_SECONDS);
        }
        LOG.error("unexpected error", exception);
        return Problems.response(
                new Problem(
                        Problems.TYPE_BASE + "internal",
                        "Internal error",
                        500,
                        "an unexpected error occurred",
                        null,
                        null),
                null);
    }
}
