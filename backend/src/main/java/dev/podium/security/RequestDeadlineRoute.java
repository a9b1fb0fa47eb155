package dev.podium.security;

import dev.podium.common.PodiumConfig;
import dev.podium.common.Problem;
import dev.podium.common.Problems;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * A request body must arrive within PODIUM_REQUEST_BODY_TIMEOUT of its headers; a slow-drip or stalled body gets 408
 * and its connection is closed, so a slow client cannot hold a worker or an ingest slot.
 */
@ApplicationScoped
public class RequestDeadlineRoute {

    private final long deadlineMillis;

    RequestDeadlineRoute(PodiumConfig config) {
        this.deadlineMillis = config.requestBodyTimeout().toMillis();
    }

    void register(@Observes Router router) {
        router.route().order(-1900).handler(this::startDeadline);
    }

    private void startDeadline(RoutingContext ctx) {
        HttpServerRequest request = ctx.request();
        if (!request.isEnded() && deadlineMillis > 0) {
            long timer = ctx.vertx().setTimer(deadlineMillis, id -> {
                if (!request.isEnded()
                        && !ctx.response().headWritten()
                        && !ctx.response().closed()) {
                    Problem problem = new Problem(
                            Problems.TYPE_BASE + "request-timeout",
                            "Request timeout",
                            408,
                            "the request body did not arrive within " + deadlineMillis / 1000 + " s",
                            null,
                            null);
                    ctx.response()
                            .setStatusCode(408)
                            .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                            .putHeader(HttpHeaders.CONNECTION, "close")
                            .end(Problems.json(problem))
                            .onComplete(done -> request.connection().close());
                }
            });
            ctx.addEndHandler(done -> ctx.vertx().cancelTimer(timer));
        }
        ctx.next();
    }
}
