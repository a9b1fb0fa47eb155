package dev.podium.common;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import lombok.RequiredArgsConstructor;

/** A Vert.x route before the REST resources: an oversized run is refused by its Content-Length, before the body is read. */
@ApplicationScoped
@RequiredArgsConstructor
public class RunSizeLimitRoute {

    private final PodiumConfig config;

    void register(@Observes Router router) {
        // refuse by Content-Length before the body is read, with the same problem+json the resource gives
        router.route(HttpMethod.POST, "/api/runs").order(-1000).handler(this::rejectOversizedRun);
    }

    private void rejectOversizedRun(RoutingContext ctx) {
        String length = ctx.request().getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length != null) {
            try {
                long bytes = Long.parseLong(length.trim());
                if (bytes > config.maxRunBytes()) {
                    Problem problem = ProblemException.runTooLarge(bytes, config.maxRunBytes())
                            .toProblem();
                    ctx.response()
                            .setStatusCode(413)
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
}
