package dev.podium.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.testing.Rows;
import dev.podium.testing.TestSigner;
import dev.podium.testing.TestVectors;
import io.quarkus.test.common.http.TestHTTPResource;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL shut down for 30 s (PODIUM_OUTAGE_SECONDS) while four agents push and readers read, then started again,
 * with the service left running: writes and reads answer 503 with Retry-After while it is down, agents that keep their
 * runs and honour Retry-After (as podium-agent push does with its spool) deliver every run exactly once, and writes and
 * reads recover without a restart of the service. The subclasses say which PostgreSQL (embedded, external).
 */
abstract class DatabaseOutageScenario {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final int AGENTS = 4;
    private static final long OUTAGE_SECONDS =
            Long.parseLong(System.getenv().getOrDefault("PODIUM_OUTAGE_SECONDS", "30"));

    @TestHTTPResource("/")
    URL base;

    @Inject
    Rows rows;

    abstract String which();

    abstract void stopDatabase() throws Exception;

    abstract void startDatabase() throws Exception;

    /** One answer: when it was asked and answered (nanoTime), what, and its Retry-After in seconds (-1: none). */
    record Answer(String what, long askedAt, long answeredAt, int status, int retryAfter, String body) {}

    @Test
    void writes_and_reads_answer_503_while_postgresql_is_down_and_recover_without_a_restart() throws Exception {
        rows.resetWithTestAgent();
        ConcurrentLinkedQueue<Answer> answers = new ConcurrentLinkedQueue<>();
        Set<String> generated = ConcurrentHashMap.newKeySet();
        Set<String> delivered = ConcurrentHashMap.newKeySet();
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService clients = Executors.newFixedThreadPool(AGENTS + 3);
        List<Future<?>> running = new java.util.ArrayList<>();
        for (int a = 0; a < AGENTS; a++) {
            running.add(clients.submit(() -> agent(stop, generated, delivered, answers)));
        }
        for (String path : new String[] {"/api/runs", "/api/leaderboard?scenario=plaintext", "/q/health/ready"}) {
            running.add(clients.submit(() -> reader(path, stop, answers)));
        }
        await(() -> delivered.size() >= 8, 120, "8 runs delivered before the outage");

        stopDatabase();
        long down = System.nanoTime();
        Thread.sleep(TimeUnit.SECONDS.toMillis(OUTAGE_SECONDS));
        long up = System.nanoTime();
        startDatabase();
        long started = System.nanoTime();
        long writeBack = firstAfter(answers, "write", started, 201, 90);
        long readBack = firstAfter(answers, "GET /api/leaderboard?scenario=plaintext", started, 200, 90);
        long readyBack = firstAfter(answers, "GET /q/health/ready", started, 200, 90);
        int deliveredAtRecovery = delivered.size();
        await(() -> delivered.size() >= deliveredAtRecovery + 8, 120, "8 more runs delivered after the outage");
        stop.set(true);
        for (Future<?> f : running) {
            f.get(120, TimeUnit.SECONDS); // an agent stops only once its current run is delivered
        }
        clients.shutdown();

        // answers asked a second into the outage and answered before PostgreSQL was started again
        List<Answer> duringOutage = answers.stream()
                .filter(a -> a.askedAt() > down + TimeUnit.SECONDS.toNanos(1) && a.answeredAt() < up)
                .toList();
        Map<String, Map<Integer, Long>> outageStatuses = tally(duringOutage);
        System.out.printf(
                "fault: PostgreSQL (%s) shut down for %d s during ingestion: answers while down %s; "
                        + "PostgreSQL started %d ms after the outage; first 201 %d ms, first leaderboard 200 %d ms, "
                        + "readiness 200 %d ms after it was up again; %d runs generated, %d delivered, %d stored; "
                        + "all answers %s%n",
                which(),
                OUTAGE_SECONDS,
                outageStatuses,
                (started - up) / 1_000_000,
                (writeBack - started) / 1_000_000,
                (readBack - started) / 1_000_000,
                (readyBack - started) / 1_000_000,
                generated.size(),
                delivered.size(),
                rows.counts().runs(),
                tally(answers));

        for (String what : new String[] {"write", "GET /api/runs", "GET /api/leaderboard?scenario=plaintext"}) {
            List<Answer> these =
                    duringOutage.stream().filter(a -> a.what().equals(what)).toList();
            assertFalse(these.isEmpty(), "no " + what + " was answered during the outage");
            for (Answer a : these) {
                assertEquals(503, a.status(), what + " during the outage: " + a.body());
                assertTrue(a.retryAfter() >= 0, what + " 503 without Retry-After");
                assertFalse(
                        a.body().contains("Exception") || a.body().toLowerCase().contains("select "), a.body());
            }
        }
        assertTrue(
                duringOutage.stream()
                        .filter(a -> a.what().equals("GET /q/health/ready"))
                        .allMatch(a -> a.status() == 503),
                "readiness is DOWN while the database is: " + outageStatuses);
        assertTrue(
                answers.stream().noneMatch(a -> a.status() == 500 || a.status() == 0),
                "no 500 and no unanswered request: " + tally(answers));
        assertEquals(generated, delivered, "every run an agent made was delivered");
        assertEquals(generated.size(), rows.counts().runs(), "every delivered run is stored once");
        for (String id : generated) {
            assertEquals(
                    200,
                    send(HttpRequest.newBuilder(uri("/api/runs/" + id)).GET()).statusCode(),
                    id);
        }
    }

    /** An agent: makes a run, keeps it until the service has it (retrying 429/503 after Retry-After), then the next. */
    private Void agent(
            AtomicBoolean stop, Set<String> generated, Set<String> delivered, ConcurrentLinkedQueue<Answer> answers)
            throws Exception {
        while (!stop.get()) {
            String id = UUID.randomUUID().toString();
            generated.add(id);
            byte[] envelope = envelope(id);
            while (true) {
                Answer a = ask(
                        "write",
                        HttpRequest.newBuilder(uri("/api/runs"))
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofByteArray(envelope)));
                answers.add(a);
                if (a.status() == 201 || a.status() == 200) {
                    delivered.add(id);
                    break;
                }
                // what podium-agent push retries; anything else would lose the run, and fails the test
                assertTrue(a.status() == 429 || a.status() == 503 || a.status() == 0, "write answered " + a);
                Thread.sleep(
                        a.retryAfter() >= 0
                                ? Math.min(60_000, a.retryAfter() * 1000L)
                                : 500); // agent: --max-delay 60 s
            }
            Thread.sleep(100);
        }
        return null;
    }

    private Void reader(String path, AtomicBoolean stop, ConcurrentLinkedQueue<Answer> answers) throws Exception {
        while (!stop.get()) {
            answers.add(ask("GET " + path, HttpRequest.newBuilder(uri(path)).GET()));
            Thread.sleep(100);
        }
        return null;
    }

    private Answer ask(String what, HttpRequest.Builder request) {
        long asked = System.nanoTime();
        try {
            HttpResponse<String> r = send(request);
            return new Answer(
                    what,
                    asked,
                    System.nanoTime(),
                    r.statusCode(),
                    r.headers().firstValue("Retry-After").map(Integer::parseInt).orElse(-1),
                    r.body());
        } catch (Exception e) {
            return new Answer(what, asked, System.nanoTime(), 0, -1, e.toString()); // no answer at all
        }
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return HTTP.send(request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private URI uri(String path) {
        return URI.create(base + path.substring(1));
    }

    private static byte[] envelope(String runId) throws Exception {
        ObjectNode payload = (ObjectNode) JSON.readTree(TestVectors.bytes("payloads/valid/minimal.json"));
        payload.put("runId", runId);
        return TestSigner.envelope("test-agent", JSON.writeValueAsBytes(payload));
    }

    /** When the first answer of that kind asked after `after` had that status (nanoTime); fails after `seconds`. */
    private static long firstAfter(
            ConcurrentLinkedQueue<Answer> answers, String what, long after, int status, long seconds)
            throws InterruptedException {
        long deadline = after + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            var first = answers.stream()
                    .filter(a -> a.what().equals(what) && a.askedAt() >= after && a.status() == status)
                    .mapToLong(Answer::answeredAt)
                    .min();
            if (first.isPresent()) {
                return first.getAsLong();
            }
            Thread.sleep(50);
        }
        throw new AssertionError(
                what + " did not answer " + status + " within " + seconds + " s of the database's return");
    }

    private static void await(java.util.function.BooleanSupplier condition, long seconds, String what)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, what + ": not within " + seconds + " s");
            Thread.sleep(50);
        }
    }

    private static Map<String, Map<Integer, Long>> tally(java.util.Collection<Answer> answers) {
        Map<String, Map<Integer, Long>> t = new TreeMap<>();
        for (Answer a : answers) {
            t.computeIfAbsent(a.what(), w -> new TreeMap<>()).merge(a.status(), 1L, Long::sum);
        }
        return t;
    }
}
