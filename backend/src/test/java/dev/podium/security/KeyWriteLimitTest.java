package dev.podium.security;

import static org.hamcrest.Matchers.both;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.lessThanOrEqualTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.TestSigner;
import dev.podium.testing.TestVectors;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The per-key write limit on the real service: an agent that submits more runs a minute than PODIUM_WRITES_PER_MINUTE_PER_KEY
 * gets 429 with Retry-After naming its key and nothing is stored; another agent is not held back; an envelope under
 * the key id whose signature does not verify spends none of the key's budget.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@TestProfile(KeyWriteLimitTest.ThreeAMinute.class)
class KeyWriteLimitTest extends EmptyDatabaseTest {

    public static class ThreeAMinute implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            // the per-address limit on too, high: every POST of this test passes its shared bucket (taken on a worker
            // thread while the request waits, paused) and its body still arrives whole
            return Map.of("podium.writes-per-minute-per-key", "3", "podium.writes-per-minute-per-address", "10000");
        }
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void a_key_over_its_runs_a_minute_gets_429_with_retry_after_and_other_keys_go_on() throws Exception {
        rows.execute("delete from rate_limits"); // the shared buckets of an earlier run of this test
        Api.enrol("other-agent");
        for (int i = 0; i < 5; i++) { // forged: the public key id with a zero signature, refused before the limit
            String forged = new String(run("test-agent"), StandardCharsets.UTF_8)
                    .replaceAll("\"sig\":\"[^\"]*\"", "\"sig\":\"" + "A".repeat(86) + "==\"");
            Api.submit(forged.getBytes(StandardCharsets.UTF_8)).then().statusCode(401);
        }
        for (int i = 0; i < 3; i++) {
            Api.store(run("test-agent"));
        }
        Api.submit(run("test-agent"))
                .then()
                .spec(Api.problem(429, "signatures[0].keyid"))
                .header("Retry-After", Integer::parseInt, both(greaterThan(0)).and(lessThanOrEqualTo(20)));
        assertEquals(3, rows.counts().runs(), "the refused run is not stored");
        Api.store(run("other-agent"));
        assertEquals(4, rows.counts().runs());
    }

    private static byte[] run(String key) throws Exception {
        ObjectNode payload = (ObjectNode) JSON.readTree(TestVectors.bytes("payloads/valid/minimal.json"));
        payload.put("runId", UUID.randomUUID().toString());
        return TestSigner.envelope(key, JSON.writeValueAsBytes(payload));
    }
}
