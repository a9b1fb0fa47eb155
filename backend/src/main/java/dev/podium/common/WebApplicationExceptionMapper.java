package dev.podium.common;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Framework-raised HTTP errors (unknown path, wrong method or media type) as problem+json too. */
@Provider
public class WebApplicationExceptionMapper implements ExceptionMapper<WebApplicationException> {

    @Override
    public Response toResponse(WebApplicationException exception) {
        Response.StatusType status = exception.getResponse().getStatusInfo();
        String slug = status.getReasonPhrase().toLowerCase().replace(' ', '-');
        Problem problem = new Problem(
                Problems.TYPE_BASE + slug,
                status.getReasonPhrase(),
                status.getStatusCode(),
                exception.getMessage(),
                null,
                null);
        return Problems.response(problem, null);
    }
}
