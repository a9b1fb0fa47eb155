package dev.podium.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.TestSigner;
import dev.podium.testing.TestVectors;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL crashed (SIGKILL) or frozen (SIGSTOP) under the running service: no run answered 201 is lost, and requests
 * answer 503 with Retry-After within a bound instead of hanging. Figures are printed for the report.
 */
@QuarkusTest
@WithTestResource(CrashableDatabase.class)
class DatabaseFaultTest extends EmptyDatabaseTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @TestHTTPResource("/")
    URL base;

    @Test
    void the_embedded_database_syncs_every_commit_to_disk() throws Exception {
        var db = CrashableDatabase.database();
        try (Connection c = DriverManager.getConnection(db.jdbcUrl(), db.user(), db.password());
                Statement s = c.createStatement()) {
            for (String setting : new String[] {"fsync", "synchronous_commit", "full_page_writes"}) {
                try (ResultSet rs = s.executeQuery("show " + setting)) {
                    rs.next();
                    assertEquals("on", rs.getString(1), setting);
                }
            }
        }
    }

    @Test
    void no_run_answered_201_is_lost_when_postgresql_is_killed_during_ingestion() throws Exception {
        Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService pushers = Executors.newFixedThreadPool(4);
        for (int i = 0; i < 4; i++) {
            pushers.submit(() -> {
                while (!stop.get()) {
                    // As the agent does: a 503 or 429 is retried with the same envelope until the service
                    // answers 201 (stored now) or 200 (stored before: a commit whose answer the kill cut off).
                    String id = UUID.randomUUID().toString();
                    byte[] envelope = envelope(id);
                    for (int attempt = 0; attempt < 2_000; attempt++) {
                        HttpResponse<String> answer = submit(envelope);
                        statuses.computeIfAbsent(answer.statusCode(), s -> new AtomicInteger())
                                .incrementAndGet();
                        if (answer.statusCode() == 201 || answer.statusCode() == 200) {
                            acknowledged.add(id);
                            break;
                        }
                        assertTrue(answer.statusCode() == 503 || answer.statusCode() == 429, answer.toString());
                        assertTrue(answer.headers().firstValue("Retry-After").isPresent(), answer.toString());
                        Thread.sleep(20);
                    }
                }
                return null;
            });
        }
        awaitAcknowledged(acknowledged, 20);
        int beforeCrash = acknowledged.size();
        CrashableDatabase.crash();
        long crashed = System.nanoTime();
        Thread.sleep(2_000);
        CrashableDatabase.restart();
        awaitAcknowledged(acknowledged, beforeCrash + 20);
        long recoveredMs = (System.nanoTime() - crashed) / 1_000_000;
        stop.set(true);
        pushers.shutdown();
        assertTrue(pushers.awaitTermination(60, TimeUnit.SECONDS));

        int lost = 0;
        for (String id : acknowledged) {
            if (get("/api/runs/" + id).statusCode() != 200) {
                lost++;
            }
        }
        System.out.printf(
                "fault: PostgreSQL SIGKILL during ingestion: %d runs answered 201 or 200 (%d before the kill), "
                        + "%d lost, statuses %s, 201s again %d ms after the kill%n",
                acknowledged.size(), beforeCrash, lost, statuses, recoveredMs);
        assertEquals(0, lost, "runs answered 201 and then missing");
        assertEquals(
                acknowledged.size(),
                rows.counts().runs(),
                "every stored run was acknowledged, and none twice: a retried envelope is stored once");
        assertFalse(statuses.containsKey(500), "no 500 while the database was down: " + statuses);
    }

    @Test
    void a_frozen_postgresql_answers_503_within_bounds_and_the_service_recovers_when_it_thaws() throws Exception {
        submit(UUID.randomUUID().toString()); // warm the pool: its connections are what freezes
        CrashableDatabase.freeze();
        HttpResponse<String> write;
        HttpResponse<String> ready;
        long writeMs;
        long readyMs;
        try {
            long start = System.nanoTime();
            write = submit(UUID.randomUUID().toString());
            writeMs = (System.nanoTime() - start) / 1_000_000;
            start = System.nanoTime();
            ready = get("/q/health/ready");
            readyMs = (System.nanoTime() - start) / 1_000_000;
        } finally {
            CrashableDatabase.thaw();
        }
        long thawed = System.nanoTime();
        String id = UUID.randomUUID().toString();
        int status = 0;
        while (status != 201 && System.nanoTime() - thawed < TimeUnit.SECONDS.toNanos(60)) {
            status = submit(id).statusCode();
        }
        long recoveredMs = (System.nanoTime() - thawed) / 1_000_000;
        System.out.printf(
                "fault: PostgreSQL SIGSTOP: a submission answered %d in %d ms, readiness %d in %d ms; "
                        + "after SIGCONT a submission got 201 in %d ms%n",
                write.statusCode(), writeMs, ready.statusCode(), readyMs, recoveredMs);
        assertEquals(503, write.statusCode(), write.body());
        assertTrue(write.headers().firstValue("Retry-After").isPresent());
        assertFalse(
                write.body().contains("Exception") || write.body().toLowerCase().contains("select "), write.body());
        assertTrue(writeMs < 20_000, "a submission to a frozen database answers within 20 s, took " + writeMs);
        assertEquals(503, ready.statusCode(), ready.body());
        assertTrue(readyMs < 10_000, "readiness answers within 10 s, took " + readyMs);
        assertEquals(201, status, "a submission succeeds again after the database thaws");
    }

    private void awaitAcknowledged(Set<String> acknowledged, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (acknowledged.size() < count) {
            assertTrue(
                    System.nanoTime() < deadline,
                    "only " + acknowledged.size() + " of " + count + " runs acknowledged");
            Thread.sleep(50);
        }
    }

    private HttpResponse<String> submit(String runId) throws Exception {
        return submit(envelope(runId));
    }

    private static byte[] envelope(String runId) throws Exception {
        ObjectNode payload = (ObjectNode) JSON.readTree(TestVectors.bytes("payloads/valid/minimal.json"));
        payload.put("runId", runId);
        return TestSigner.envelope("test-agent", JSON.writeValueAsBytes(payload));
    }

    private HttpResponse<String> submit(byte[] envelope) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create(base + "api/runs"))
                        .timeout(Duration.ofSeconds(60))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(envelope))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create(base + path.substring(1)))
                        .timeout(Duration.ofSeconds(60))
                        .GET()
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }
}
