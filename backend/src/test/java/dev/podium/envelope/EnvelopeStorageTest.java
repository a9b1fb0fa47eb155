package dev.podium.envelope;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.agent.Ed25519Keys;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.TestVectors;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Runs are stored with their envelope deflated, and the runs stored before V29 (verbatim) are converted in place:
 * before, during and after, GET /api/runs/{id}/envelope and the detail's envelope are the bytes that were sent, and
 * they verify with the agent's public key.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class EnvelopeStorageTest extends EmptyDatabaseTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    EnvelopeCompression compression;

    /** Every accepted vector of cases.json by its run id, stored in that order. */
    private static Map<String, byte[]> storeAccepted() throws IOException {
        Map<String, byte[]> byId = new LinkedHashMap<>();
        for (TestVectors.Case c : TestVectors.cases()) {
            if (c.status() == 201) {
                byte[] envelope = TestVectors.bytes(c.envelope());
                Api.store(envelope);
                byId.put(payload(envelope).get("runId").asText(), envelope);
            }
        }
        assertTrue(byId.size() >= 10, "the accepted vectors: " + byId.keySet());
        return byId;
    }

    @Test
    void a_run_is_stored_deflated_at_a_third_of_its_size_and_served_byte_for_byte() throws Exception {
        Map<String, byte[]> sent = storeAccepted();
        long sentBytes = sent.values().stream().mapToLong(e -> e.length).sum();

        for (var run : sent.entrySet()) {
            assertServedAndVerifies(run.getKey(), run.getValue());
        }
        assertEquals(0, rows.scalar("select count(*) from runs where envelope is not null"), "none kept verbatim");
        long stored = rows.scalar("select sum(octet_length(envelope_deflated)) from runs");
        assertTrue(stored * 2 < sentBytes, stored + " bytes stored for " + sentBytes + " sent");
    }

    @Test
    void runs_stored_verbatim_before_v29_are_deflated_in_place_and_served_alike_before_during_and_after()
            throws Exception {
        Map<String, byte[]> sent = storeAccepted();
        for (var run : sent.entrySet()) { // as the service before V29 stored them
            rows.execute("update runs set envelope = decode('" + HexFormat.of().formatHex(run.getValue())
                    + "', 'hex'), envelope_deflated = null where id = '" + run.getKey() + "'");
        }
        assertEquals(sent.size(), rows.scalar("select count(*) from runs where envelope is not null"));
        for (var run : sent.entrySet()) {
            assertServedAndVerifies(run.getKey(), run.getValue());
        }

        // two passes at once, as two replicas starting together, while a reader keeps fetching the envelopes
        AtomicBoolean converting = new AtomicBoolean(true);
        EnvelopeCompression.Pass pass;
        try (ExecutorService threads = Executors.newFixedThreadPool(3)) {
            Future<?> reader = threads.submit(() -> {
                do {
                    for (var run : sent.entrySet()) {
                        byte[] served = given().get("/api/runs/" + run.getKey() + "/envelope")
                                .then()
                                .statusCode(200)
                                .extract()
                                .asByteArray();
                        assertArrayEquals(run.getValue(), served, "during the conversion: " + run.getKey());
                    }
                } while (converting.get());
                return null;
            });
            try {
                Future<EnvelopeCompression.Pass> one = threads.submit(compression::run);
                Future<EnvelopeCompression.Pass> other = threads.submit(compression::run);
                pass = one.get().plus(other.get());
            } finally {
                converting.set(false);
            }
            reader.get();
        }

        assertEquals(sent.size(), pass.deflated(), "every verbatim run deflated, once");
        assertEquals(0, pass.leftVerbatim());
        assertEquals(sent.values().stream().mapToLong(e -> e.length).sum(), pass.verbatimBytes());
        assertTrue(pass.deflatedBytes() * 2 < pass.verbatimBytes(), pass.toString());
        assertEquals(0, rows.scalar("select count(*) from runs where envelope is not null"));
        assertEquals(pass.deflatedBytes(), rows.scalar("select sum(octet_length(envelope_deflated)) from runs"));
        for (var run : sent.entrySet()) {
            assertServedAndVerifies(run.getKey(), run.getValue());
        }
        assertEquals(0, compression.run().deflated(), "a second pass finds nothing left");
    }

    @Test
    void a_damaged_stored_envelope_answers_500_and_never_other_bytes() throws Exception {
        Map<String, byte[]> sent = storeAccepted();
        String id = sent.keySet().iterator().next();
        rows.execute("update runs set envelope_deflated = set_byte(envelope_deflated, octet_length(envelope_deflated)"
                + " / 2, get_byte(envelope_deflated, octet_length(envelope_deflated) / 2) # 16) where id = '" + id
                + "'");

        given().get("/api/runs/" + id + "/envelope").then().statusCode(500);
        given().get("/api/runs/" + id).then().statusCode(500);
    }

    /** Served as sent, by the envelope endpoint and in the run's detail, and its signature verifies with the key. */
    private static void assertServedAndVerifies(String id, byte[] sent) throws Exception {
        byte[] served = Api.ok("/api/runs/" + id + "/envelope").extract().asByteArray();
        assertArrayEquals(sent, served, id);
        String inDetail = Api.ok("/api/runs/" + id).extract().path("envelope");
        assertEquals(new String(sent, StandardCharsets.UTF_8), inDetail, id);

        JsonNode envelope = JSON.readTree(served);
        byte[] payload = Base64.getDecoder().decode(envelope.get("payload").asText());
        String type = envelope.get("payloadType").asText();
        byte[] header =
                ("DSSEv1 " + type.length() + " " + type + " " + payload.length + " ").getBytes(StandardCharsets.UTF_8);
        byte[] pae = new byte[header.length + payload.length];
        System.arraycopy(header, 0, pae, 0, header.length);
        System.arraycopy(payload, 0, pae, header.length, payload.length);
        byte[] key = Base64.getDecoder().decode(TestVectors.key("test-agent").publicKey());
        byte[] sig = Base64.getDecoder()
                .decode(envelope.get("signatures").get(0).get("sig").asText());
        assertTrue(Ed25519Keys.verifies(key, pae, sig), id + " verifies");
        pae[pae.length - 1] ^= 1;
        assertTrue(!Ed25519Keys.verifies(key, pae, sig), "the check can fail");
    }

    private static JsonNode payload(byte[] envelope) throws IOException {
        return JSON.readTree(Base64.getDecoder()
                .decode(JSON.readTree(envelope).get("payload").asText()));
    }
}
