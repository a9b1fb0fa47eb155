package dev.podium.security;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.common.ProblemException;
import dev.podium.testing.EmbeddedPostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The limits kept in PostgreSQL: two replicas (here two limit objects of their own, on one database) draw from the
 * same budget, so together they allow what one allows, and concurrent takes never hand out more than it.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class SharedLimitsTest {

    @Inject
    SharedLimits shared;

    @Test
    void two_replicas_together_get_one_burst_of_the_bucket_not_two() {
        String address = "203.0.113." + UUID.randomUUID(); // a bucket of its own on the shared database
        TokenBuckets a = new TokenBuckets(60, shared, "write");
        TokenBuckets b = new TokenBuckets(60, shared, "write");
        for (int i = 0; i < 30; i++) {
            assertEquals(0, a.take(address, 0), "write " + i + " through replica A");
            assertEquals(0, b.take(address, 0), "write " + i + " through replica B");
        }
        long waitA = a.take(address, 0);
        long waitB = b.take(address, 0);
        assertTrue(
                waitA > 0 && waitA <= 1000, "A refuses the 61st write, about a second until the next token: " + waitA);
        assertTrue(waitB > 0 && waitB <= 1000, "B refuses it too: " + waitB);
        assertEquals(0, a.take("198.51.100." + UUID.randomUUID(), 0), "another address is not held back");
        assertEquals(
                0, new TokenBuckets(60, shared, "key").take(address, 0), "another limit's bucket of that name neither");
    }

    @Test
    void concurrent_takes_on_both_replicas_grant_exactly_the_burst() throws Exception {
        String key = "key-" + UUID.randomUUID();
        List<TokenBuckets> replicas = List.of(new TokenBuckets(40, shared, "key"), new TokenBuckets(40, shared, "key"));
        List<Callable<Integer>> clients = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            TokenBuckets replica = replicas.get(t % 2);
            clients.add(() -> {
                int granted = 0;
                for (int i = 0; i < 15; i++) {
                    granted += replica.take(key, 0) == 0 ? 1 : 0;
                }
                return granted;
            });
        }
        int granted = 0;
        try (var pool = Executors.newFixedThreadPool(8)) {
            for (Future<Integer> f : pool.invokeAll(clients)) {
                granted += f.get();
            }
        }
        // 120 takes within a second or two: the burst of 40, plus at most the two tokens refilled meanwhile
        assertTrue(granted >= 40 && granted <= 42, "granted " + granted + " of 120 concurrent takes on a bucket of 40");
    }

    @Test
    void failed_admin_tokens_counted_on_either_replica_close_both() {
        String address = "192.0.2." + UUID.randomUUID();
        AdminAttempts a = new AdminAttempts(3, Clock.systemUTC(), shared);
        AdminAttempts b = new AdminAttempts(3, Clock.systemUTC(), shared);
        a.recordFailure(address);
        b.recordFailure(address);
        assertDoesNotThrow(() -> a.checkAllowed(address), "two failures of three");
        a.recordFailure(address);
        ProblemException refused = assertThrows(ProblemException.class, () -> b.checkAllowed(address));
        assertEquals(429, refused.status());
        assertTrue(
                refused.retryAfterSeconds() > 50 && refused.retryAfterSeconds() <= 60,
                "retry when the minute is over: " + refused.retryAfterSeconds());
        assertThrows(ProblemException.class, () -> a.checkAllowed(address));
        assertDoesNotThrow(() -> b.checkAllowed("192.0.2." + UUID.randomUUID()), "another address goes on");
    }
}
