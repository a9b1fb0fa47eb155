package dev.podium.security;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.podium.common.ProblemException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** The per-address window of failed admin tokens, on a clock the test moves. */
class AdminAttemptsTest {

    private Instant now = Instant.parse("2026-11-23T12:00:00Z");
    private final Clock clock = new Clock() {
        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    };

    @Test
    void an_address_that_failed_too_often_waits_for_the_rest_of_the_minute_and_others_do_not() {
        AdminAttempts attempts = new AdminAttempts(3, clock);
        for (int i = 0; i < 3; i++) {
            assertDoesNotThrow(() -> attempts.checkAllowed("203.0.113.7"));
            attempts.recordFailure("203.0.113.7");
        }
        now = now.plusSeconds(20);
        ProblemException refused = assertThrows(ProblemException.class, () -> attempts.checkAllowed("203.0.113.7"));
        assertEquals(429, refused.status());
        assertEquals(40, refused.retryAfterSeconds());
        assertDoesNotThrow(() -> attempts.checkAllowed("198.51.100.1"));

        now = now.plusSeconds(40);
        assertDoesNotThrow(() -> attempts.checkAllowed("203.0.113.7"));
    }
}
