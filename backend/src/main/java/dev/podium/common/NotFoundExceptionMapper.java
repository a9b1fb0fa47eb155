package dev.podium.common;

import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import lombok.RequiredArgsConstructor;

/**
 * An unknown path: the app's index.html for a page of the site (see {@link SinglePageApp#indexFor}; status 404 when it is
 * no route of the site or its subject is unknown), else a 404 problem+json.
 */
@Provider
@RequiredArgsConstructor
public class NotFoundExceptionMapper implements ExceptionMapper<NotFoundException> {

    @Context
    HttpServerRequest request;

    private final SinglePageApp app;

    @Override
    public Response toResponse(NotFoundException exception) {
        String method = request == null ? "" : request.method().name();
        if (HttpMethod.GET.equals(method) || HttpMethod.HEAD.equals(method)) {
            var index = app.indexFor(request.path(), request.getHeader(HttpHeaders.ACCEPT));
            if (index.isPresent()) {
                return Response.status(index.get().status())
                        .entity(index.get().body())
                        .type("text/html;charset=utf-8")
                        .header(HttpHeaders.CACHE_CONTROL, "no-cache")
                        .build();
            }
        }
        Problem problem =
                new Problem(Problems.TYPE_BASE + "not-found", "Not found", 404, exception.getMessage(), null, null);
        return Problems.response(problem, null);
    }
}
