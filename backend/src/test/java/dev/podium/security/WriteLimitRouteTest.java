package dev.podium.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.common.PodiumConfig;
import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;

/** The per-address token bucket: a burst of a minute's writes, then one write per refilled token, per address. */
class WriteLimitRouteTest {

    @Test
    void an_address_gets_its_burst_then_waits_for_tokens_and_other_addresses_are_not_held_back() {
        WriteLimitRoute limit = new WriteLimitRoute(config(60)); // one a second
        long t = 1_000_000_000L;
        for (int i = 0; i < 60; i++) {
            assertEquals(0, limit.take("203.0.113.7", t), "write " + i + " of the burst");
        }
        long wait = limit.take("203.0.113.7", t);
        assertTrue(wait > 900 && wait <= 1000, "waits about a second for the next token: " + wait);
        assertEquals(0, limit.take("198.51.100.1", t));
        assertEquals(0, limit.take("203.0.113.7", t + 1_000_000_000L), "a token a second later");
    }

    private static PodiumConfig config(int perMinute) {
        return (PodiumConfig) Proxy.newProxyInstance(
                PodiumConfig.class.getClassLoader(),
                new Class<?>[] {PodiumConfig.class},
                (proxy, method, args) -> method.getName().equals("writesPerMinutePerAddress") ? perMinute : null);
    }
}
