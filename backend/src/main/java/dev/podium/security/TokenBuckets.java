package dev.podium.security;

import java.util.concurrent.ConcurrentHashMap;

/**
 * One token bucket per name (a client address, an agent's key): a burst of a minute's tokens, refilled evenly. With a
 * {@link SharedLimits} the buckets live in PostgreSQL and every replica on the database takes from the same one; the
 * process's own buckets answer only while the database cannot (and without one, in unit tests).
 */
final class TokenBuckets {

    private static final int MAX_NAMES = 100_000; // bounds the memory a client hopping between names can take

    private final double perMinute;
    private final SharedLimits shared;
    private final String kind;
    private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();

    TokenBuckets(double perMinute) {
        this(perMinute, null, "");
    }

    /** Buckets shared through the database under names "kind:name" (null shared: this process's own). */
    TokenBuckets(double perMinute, SharedLimits shared, String kind) {
        this.perMinute = perMinute;
        this.shared = shared;
        this.kind = kind;
    }

    double perMinute() {
        return perMinute;
    }

    boolean isShared() {
        return shared != null;
    }

    /** 0 when the name may act now (and takes its token), else the milliseconds until its next token. */
    long take(String name, long nowNanos) {
        if (shared != null) {
            var wait = shared.take(kind + ":" + name, perMinute);
            if (wait.isPresent()) {
                return wait.getAsLong();
            }
        }
        if (buckets.size() >= MAX_NAMES) {
            buckets.values().removeIf(b -> b.full(nowNanos, perMinute));
        }
        long[] wait = new long[1];
        buckets.compute(name, (a, b) -> {
            double tokens =
                    b == null ? perMinute : Math.min(perMinute, b.tokens + (nowNanos - b.at) * perMinute / 60e9);
            if (tokens >= 1) {
                return new Bucket(tokens - 1, nowNanos);
            }
            wait[0] = (long) Math.ceil((1 - tokens) * 60_000 / perMinute);
            return new Bucket(tokens, nowNanos);
        });
        return wait[0];
    }

    /** Whole seconds to tell a client in Retry-After for a wait in milliseconds. */
    static long retryAfterSeconds(long waitMillis) {
        return Math.max(1, (waitMillis + 999) / 1000);
    }

    private record Bucket(double tokens, long at) {
        boolean full(long now, double perMinute) {
            return tokens + (now - at) * perMinute / 60e9 >= perMinute;
        }
    }
}
