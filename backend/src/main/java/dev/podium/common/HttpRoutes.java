package dev.podium.common;

import io.quarkus.runtime.StartupEvent;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** Vert.x routes around the REST resources: an early 413 for oversized runs, and the single-page app's fallback. */
@ApplicationScoped
public class HttpRoutes {

    private static final String INDEX = "META-INF/resources/index.html";

    private final PodiumConfig config;
    private volatile Buffer index;

    HttpRoutes(PodiumConfig config) {
        this.config = config;
    }

    void register(@Observes Router router) {
        // refuse by Content-Length before the body is read, with the same problem+json the resource gives
        router.route(HttpMethod.POST, "/api/runs").order(-1000).handler(this::rejectOversizedRun);
        // history-mode routes (/runs/<id>) must load the app; runs after every other route declined the request
        router.get().order(Integer.MAX_VALUE - 10).handler(this::spaFallback);
    }

    void loadIndex(@Observes StartupEvent event) {
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(INDEX)) {
            index = in == null ? null : Buffer.buffer(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void rejectOversizedRun(RoutingContext ctx) {
        String length = ctx.request().getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length != null) {
            try {
                long bytes = Long.parseLong(length.trim());
                if (bytes > config.maxRunBytes()) {
                    Problem problem = new Problem(Problems.TYPE_BASE + "run-too-large", "Content too large", 413,
                            "the envelope is " + bytes + " bytes; the limit is " + config.maxRunBytes()
                                    + " (PODIUM_MAX_RUN_BYTES)", null, null);
                    ctx.response().setStatusCode(413)
                            .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                            .putHeader(HttpHeaders.CONNECTION, "close")
                            .end(Problems.json(problem));
                    return;
                }
            } catch (NumberFormatException ignored) {
                // a malformed Content-Length is Vert.x's to refuse
            }
        }
        ctx.next();
    }

    private void spaFallback(RoutingContext ctx) {
        String path = ctx.normalizedPath();
        String accept = ctx.request().getHeader(HttpHeaders.ACCEPT);
        boolean appPath = !path.startsWith("/api/") && !path.equals("/api") && !path.startsWith("/q/") && !path.equals("/q");
        if (index != null && appPath && accept != null && accept.contains("text/html")) {
            ctx.response().setStatusCode(200)
                    .putHeader(HttpHeaders.CONTENT_TYPE, "text/html; charset=utf-8")
                    .putHeader(HttpHeaders.CACHE_CONTROL, "no-cache")
                    .end(index);
            return;
        }
        ctx.next();
    }
}
