package dev.podium.security;

import dev.podium.common.PodiumConfig;
import dev.podium.common.Problem;
import dev.podium.common.Problems;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

/**
 * Writes (POST under /api) per client address: a token bucket of PODIUM_WRITES_PER_MINUTE_PER_ADDRESS, refilled
 * evenly; above it 429 with Retry-After, before the body is read, so one address cannot flood the ingest slots. The
 * bucket is shared by every replica on the database (SharedLimits), so it is taken on a worker thread; the request
 * stays paused meanwhile (Quarkus pauses each request until a handler reads its body).
 */
@ApplicationScoped
public class WriteLimitRoute {

    private final double perMinute;
    private final TokenBuckets buckets;

    @Inject
    WriteLimitRoute(PodiumConfig config, SharedLimits shared) {
        this.perMinute = config.writesPerMinutePerAddress();
        this.buckets = new TokenBuckets(perMinute, config.sharedLimits() ? shared : null, "write");
    }

    /** This process's own buckets only. */
    WriteLimitRoute(PodiumConfig config) {
        this.perMinute = config.writesPerMinutePerAddress();
        this.buckets = new TokenBuckets(perMinute);
    }

    void register(@Observes Router router) {
        router.routeWithRegex(HttpMethod.POST, "/api/.*").order(-1500).handler(this::limit);
    }

    private void limit(RoutingContext ctx) {
        if (perMinute <= 0) {
            ctx.next();
            return;
        }
        var remote = ctx.request().remoteAddress();
        String address = remote == null ? "unknown" : remote.hostAddress();
        if (!buckets.isShared()) {
            answer(ctx, take(address, System.nanoTime()));
            return;
        }
        long now = System.nanoTime();
        ctx.vertx().executeBlocking(() -> take(address, now), false).onComplete(taken -> {
            if (taken.succeeded()) {
                answer(ctx, taken.result());
            } else {
                ctx.fail(taken.cause());
            }
        });
    }

    private void answer(RoutingContext ctx, long waitMillis) {
        if (waitMillis == 0) {
            ctx.next();
            return;
        }
        long retryAfter = TokenBuckets.retryAfterSeconds(waitMillis);
        Problem problem = new Problem(
                Problems.TYPE_BASE + "too-many-writes",
                "Too many requests",
                429,
                "more than " + (long) perMinute + " writes a minute from this address "
                        + "(PODIUM_WRITES_PER_MINUTE_PER_ADDRESS); retry in " + retryAfter + " s",
                null,
                null);
        ctx.response()
                .setStatusCode(429)
                .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .putHeader("Retry-After", Long.toString(retryAfter))
                .end(Problems.json(problem));
    }

    /** 0 when a write may go now (and takes its token), else the milliseconds until the next token. */
    long take(String address, long nowNanos) {
        return buckets.take(address, nowNanos);
    }
}
