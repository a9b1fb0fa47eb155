package dev.podium.testing;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * The service as one replica whose webhook sender is off (the tests drive deliveries with instances of their own, as
 * replicas that start and die) and whose leases are short.
 */
public class OutboxProfile implements QuarkusTestProfile {
    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(
                "podium.webhooks.delivery", "false",
                "podium.webhooks.retry-schedule", "200ms,200ms,200ms",
                "podium.changes.detection-lease", "1s");
    }
}
