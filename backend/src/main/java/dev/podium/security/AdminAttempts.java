package dev.podium.security;

import dev.podium.common.PodiumConfig;
import dev.podium.common.ProblemException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Failed admin-token attempts per client address: after PODIUM_ADMIN_MAX_FAILURES failures within a minute, that
 * address gets 429 with Retry-After until the minute is over, so the token cannot be guessed at network speed.
 */
@ApplicationScoped
public class AdminAttempts {

    static final long WINDOW_MILLIS = 60_000;
    private static final int MAX_ADDRESSES = 100_000; // bounds the memory an address-hopping client can take

    private final int maxFailures;
    private final Clock clock;
    private final ConcurrentHashMap<String, Window> failures = new ConcurrentHashMap<>();

    @Inject
    AdminAttempts(PodiumConfig config) {
        this(config.adminMaxFailures(), Clock.systemUTC());
    }

    AdminAttempts(int maxFailures, Clock clock) {
        this.maxFailures = maxFailures;
        this.clock = clock;
    }

    /** Throws 429 when the address has used up its failures in the current window. */
    public void checkAllowed(String address) {
        Window window = failures.get(address);
        long now = clock.millis();
        if (window != null && now - window.start < WINDOW_MILLIS && window.count >= maxFailures) {
            long retryAfter = Math.max(1, (window.start + WINDOW_MILLIS - now + 999) / 1000);
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
