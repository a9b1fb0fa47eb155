package dev.podium.security;

import dev.podium.common.PodiumConfig;
import dev.podium.common.ProblemException;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Runs per agent key and minute (PODIUM_WRITES_PER_MINUTE_PER_KEY), a token bucket counted once a signature has
 * verified: one enrolled agent (a runaway loop, a leaked key) cannot take every ingest slot and every write of the
 * database, while a forged envelope under its public key id spends none of its budget. The bucket is shared by every
 * replica on the database (SharedLimits).
 */
@ApplicationScoped
public class KeyWriteLimit {

    private final TokenBuckets buckets;

    KeyWriteLimit(PodiumConfig config, SharedLimits shared) {
        this.buckets = new TokenBuckets(config.writesPerMinutePerKey(), config.sharedLimits() ? shared : null, "key");
    }

    /** Takes a token for the key, or answers 429 with Retry-After naming the signature's key id. */
    public void take(String keyid, String field) {
        take(keyid, field, System.nanoTime());
    }

    void take(String keyid, String field, long nowNanos) {
        if (buckets.perMinute() <= 0) {
            return;
        }
        long waitMillis = buckets.take(keyid, nowNanos);
        if (waitMillis == 0) {
            return;
        }
        long retryAfter = TokenBuckets.retryAfterSeconds(waitMillis);
        throw new ProblemException(
                429,
                "too-many-writes-for-key",
                "Too many requests",
                "more than " + (long) buckets.perMinute() + " runs a minute signed by key " + keyid
                        + " (PODIUM_WRITES_PER_MINUTE_PER_KEY); retry in " + retryAfter + " s",
                field,
                null,
                (int) retryAfter);
    }
}
