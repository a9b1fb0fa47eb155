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
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes (POST under /api) per client address: a token bucket of PODIUM_WRITES_PER_MINUTE_PER_ADDRESS, refilled
 * evenly; above it 429 with Retry-After, before the body is read, so one address cannot flood the ingest slots.
 */
@ApplicationScoped
public class WriteLimitRoute {

    private static final int MAX_ADDRESSES = 100_000; // bounds the memory an address-hopping client can take

    private final double perMinute;
    private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();

    WriteLimitRoute(PodiumConfig config) {
        this.perMinute = config.writesPerMinutePerAddress();
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
        long waitMillis = take(address, System.nanoTime());
        if (waitMillis == 0) {
            ctx.next();
            return;
        }
        long retryAfter = Math.max(1, (waitMillis + 999) / 1000);
        Problem problem = new Problem(Problems.TYPE_BASE + "too-many-writes", "Too many requests", 429,
                "more than " + (long) perMinute + " writes a minute from this address "
                        + "(PODIUM_WRITES_PER_MINUTE_PER_ADDRESS); retry in " + retryAfter + " s", null, null);
        ctx.response().setStatusCode(429)
                .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .putHeader("Retry-After", Long.toString(retryAfter))
                .end(Problems.json(problem));
    }

    /** 0 when a write may go now (and takes its token), else the milliseconds until the next token. */
    long take(String address, long nowNanos) {
        if (buckets.size() >= MAX_ADDRESSES) {
            buckets.values().removeIf(b -> b.full(nowNanos, perMinute));
        }
        long[] wait = new long[1];
        buckets.compute(address, (a, b) -> {
            double tokens = b == null ? perMinute : Math.min(perMinute, b.tokens + (nowNanos - b.at) * perMinute / 60e9);
            if (tokens >= 1) {
                return new Bucket(tokens - 1, nowNanos);
            }
            wait[0] = (long) Math.ceil((1 - tokens) * 60_000 / perMinute);
            return new Bucket(tokens, nowNanos);
        });
        return wait[0];
    }

    private record Bucket(double tokens, long at) {
        boolean full(long now, double perMinute) {
            return tokens + (now - at) * perMinute / 60e9 >= perMinute;
        }
    }
}
