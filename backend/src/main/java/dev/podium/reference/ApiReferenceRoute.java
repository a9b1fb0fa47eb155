package dev.podium.reference;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The read API's reference, /q/swagger-ui: Swagger UI (the bundle quarkus-smallrye-openapi serves under /q/swagger-ui/)
 * started by a page and a script of this service instead of Quarkus's own page, whose inline scripts the service's
 * Content-Security-Policy (script-src 'self', SecurityHeadersRoute) blocks. Read-only: no "Try it out", no URL box.
 */
@ApplicationScoped
public class ApiReferenceRoute {

    static final String PAGE = "/q/swagger-ui";
    static final String SCRIPT = "/q/swagger-ui/podium-init.js";

    private final Buffer page = read("api-reference/index.html");
    private final Buffer script = read("api-reference/podium-init.js");

    void register(@Observes Router router) {
        // before Quarkus's own Swagger UI routes, after the security headers (order -2000)
        for (String path : new String[] {PAGE, PAGE + "/", PAGE + "/index.html"}) {
            router.get(path).order(-100).handler(ctx -> send(ctx, page, "text/html;charset=UTF-8"));
        }
        router.get(SCRIPT).order(-100).handler(ctx -> send(ctx, script, "text/javascript;charset=UTF-8"));
    }

    private static void send(RoutingContext ctx, Buffer body, String type) {
        ctx.response()
                .putHeader(HttpHeaders.CONTENT_TYPE, type)
                .putHeader(HttpHeaders.CACHE_CONTROL, "no-cache")
                .end(body);
    }

    private static Buffer read(String resource) {
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            return Buffer.buffer(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
