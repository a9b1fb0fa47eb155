package dev.podium.security;

import dev.podium.common.PodiumConfig;
import dev.podium.common.ProblemException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Failed admin-token attempts per client address: after PODIUM_ADMIN_MAX_FAILURES failures within a minute, that
 * address gets 429 with Retry-After until the minute is over, so the token cannot be guessed at network speed. The
 * window is shared by every replica on the database (SharedLimits); this process's own map answers only while the
 * database cannot (and in unit tests).
 */
@ApplicationScoped
public class AdminAttempts {

    static final long WINDOW_MILLIS = 60_000;
    private static final int MAX_ADDRESSES = 100_000; // bounds the memory an address-hopping client can take

    private final int maxFailures;
    private final Clock clock;
    private final SharedLimits shared;
    private final ConcurrentHashMap<String, Window> failures = new ConcurrentHashMap<>();

    @Inject
    AdminAttempts(PodiumConfig config, SharedLimits shared) {
        this(config.adminMaxFailures(), Clock.systemUTC(), config.sharedLimits() ? shared : null);
    }

    /** This process's own window only, on the given clock. */
    AdminAttempts(int maxFailures, Clock clock) {
        this(maxFailures, clock, null);
    }

    AdminAttempts(int maxFailures, Clock clock, SharedLimits shared) {
        this.maxFailures = maxFailures;
        this.clock = clock;
        this.shared = shared;
    }

    /** Throws 429 when the address has used up its failures in the current window. */
    public void checkAllowed(String address) {
        long waitMillis = 0;
        var sharedWait = shared == null ? null : shared.windowWait("admin:" + address, maxFailures, WINDOW_MILLIS);
        if (sharedWait != null && sharedWait.isPresent()) {
            waitMillis = sharedWait.getAsLong();
        } else {
            Window window = failures.get(address);
            long now = clock.millis();
            if (window != null && now - window.start < WINDOW_MILLIS && window.count >= maxFailures) {
                waitMillis = window.start + WINDOW_MILLIS - now;
            }
        }
        if (waitMillis > 0) {
            long retryAfter = Math.max(1, (waitMillis + 999) / 1000);
            throw new ProblemException(
                    429,
                    "admin-token-attempts",
                    "Too many requests",
                    "too many wrong admin tokens from this address; retry in " + retryAfter + " s",
                    "Authorization",
                    null,
                    (int) retryAfter);
        }
    }

    public void recordFailure(String address) {
        if (shared != null && shared.countFailure("admin:" + address)) {
            return;
        }
        long now = clock.millis();
        if (failures.size() >= MAX_ADDRESSES) {
            failures.values().removeIf(w -> now - w.start >= WINDOW_MILLIS);
        }
        failures.compute(
                address,
                (a, w) -> w == null || now - w.start >= WINDOW_MILLIS
                        ? new Window(now, 1)
                        : new Window(w.start, w.count + 1));
    }

    private record Window(long start, int count) {}
}
