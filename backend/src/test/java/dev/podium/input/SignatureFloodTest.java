package dev.podium.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.TestSigner;
import dev.podium.testing.TestVectors;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * The attack of issue 11: four parallel ~1 MB envelopes of 5,500 zero signatures under the enrolled (public) key id
 * held every ingest slot for ~22 s. Now each is refused at once and valid runs keep being accepted meanwhile.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class SignatureFloodTest extends EmptyDatabaseTest {

    private static final int ATTACKERS = 4;
    private static final int SIGNATURES = 5_500;
    private static final int VALID_RUNS = 10;

    @Test
    void a_signature_flood_is_refused_at_once_and_valid_runs_are_accepted_meanwhile() throws Exception {
        byte[] flood = flood();
        assertTrue(flood.length > 900_000 && flood.length <= 1_048_576, "flood envelope bytes: " + flood.length);
        HttpClient client =
                HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        URI runs = URI.create("http://127.0.0.1:" + RestAssured.port + "/api/runs");
        ConcurrentLinkedQueue<Long> floodMillis = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<Integer> floodStatuses = new ConcurrentLinkedQueue<>();
        ExecutorService attackers = Executors.newFixedThreadPool(ATTACKERS);
        List<Future<?>> running = new ArrayList<>();
        long until = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        List<Integer> validStatuses = java.util.Collections.synchronizedList(new ArrayList<>());
        try {
            for (int a = 0; a < ATTACKERS; a++) {
                running.add(attackers.submit(() -> {
                    while (System.nanoTime() < until && validStatuses.size() < VALID_RUNS) {
                        long t0 = System.nanoTime();
                        HttpResponse<String> r = client.send(post(runs, flood), HttpResponse.BodyHandlers.ofString());
                        floodMillis.add((System.nanoTime() - t0) / 1_000_000);
                        floodStatuses.add(r.statusCode());
                    }
                    return null;
                }));
            }
            Thread.sleep(200); // the attackers are sending before the first valid run
            for (int i = 0; i < VALID_RUNS; i++) {
                byte[] payload = new String(TestVectors.bytes("payloads/valid/minimal.json"), StandardCharsets.UTF_8)
                        .replace(TestVectors.MINIMAL_ID, UUID.randomUUID().toString())
                        .getBytes(StandardCharsets.UTF_8);
                HttpResponse<String> r = client.send(
                        post(runs, TestSigner.envelope("test-agent", payload)), HttpResponse.BodyHandlers.ofString());
                validStatuses.add(r.statusCode());
            }
        } finally {
            for (Future<?> f : running) {
                f.get();
            }
            attackers.shutdown();
        }
        long slowest = floodMillis.stream().mapToLong(Long::longValue).max().orElseThrow();
        System.out.printf(
                "signature flood: %d flood envelopes (%d bytes, %d signatures) all answered %s, slowest %d ms;"
                        + " valid runs meanwhile: %s%n",
                floodMillis.size(),
                flood.length,
                SIGNATURES,
                floodStatuses.stream().distinct().toList(),
                slowest,
                validStatuses);
        assertTrue(floodStatuses.stream().allMatch(s -> s == 400), "flood answers: " + floodStatuses);
        assertEquals(List.of(201, 201, 201, 201, 201, 201, 201, 201, 201, 201), validStatuses);
        assertEquals(VALID_RUNS, rows.counts().runs());
    }

    private static HttpRequest post(URI uri, byte[] body) {
        return HttpRequest.newBuilder(uri)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
    }

    private static byte[] flood() {
        String minimal = new String(TestVectors.envelope("minimal"), StandardCharsets.UTF_8);
        String payload = minimal.replaceAll("(?s).*\"payload\": \"([^\"]+)\".*", "$1");
        String zero = java.util.Base64.getEncoder().encodeToString(new byte[64]);
        StringBuilder b = new StringBuilder("{\"payloadType\":\"")
                .append(TestSigner.PAYLOAD_TYPE)
                .append("\",\"payload\":\"")
                .append(payload)
                .append("\",\"signatures\":[");
        String keyid = TestVectors.key("test-agent").keyid();
        for (int i = 0; i < SIGNATURES; i++) {
            b.append(i == 0 ? "" : ",")
                    .append("{\"keyid\":\"")
                    .append(keyid)
                    .append("\",\"sig\":\"")
                    .append(zero)
                    .append("\"}");
        }
        return b.append("]}").toString().getBytes(StandardCharsets.UTF_8);
    }
}
