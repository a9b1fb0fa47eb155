package dev.podium.input;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.Rows;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every case of schema/testdata/hostile against the real service and database: its exact status, problem+json naming
 * its field, no row of any table changed when refused, the envelope stored byte for byte when accepted, and the
 * service still healthy after the whole corpus.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HostileCorpusTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final AtomicInteger SENT = new AtomicInteger();
    private static final AtomicInteger REFUSED = new AtomicInteger();
    private static final AtomicInteger SERVER_ERRORS = new AtomicInteger();

    @Inject
    Rows rows;

    static List<HostileCase> cases() {
        String only = System.getProperty("hostile.cases"); // a comma-separated subset of names, while iterating
        return HostileCase.all().stream()
                .filter(c -> only == null
                        || only.isBlank()
                        || List.of(only.split(",")).contains(c.name()))
                .toList();
    }

    @Test
    @Order(0)
    void the_corpus_covers_at_least_80_cases() {
        assertTrue(HostileCase.all().size() >= 80, "cases: " + HostileCase.all().size());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    @Order(1)
    void answers_each_hostile_case_exactly_and_writes_nothing_when_refusing(HostileCase c) throws Exception {
        resetWorld();
        for (String name : c.before()) {
            int status = send(HostileCase.named(name)).status();
            assertTrue(status == 200 || status == 201, name + " must be accepted first, got " + status);
        }
        awaitChangeDetection();
        Map<String, Long> before = counts();

        RawHttp.Answer answer = send(c);
        SENT.incrementAndGet();
        if (answer.status() >= 500) {
            SERVER_ERRORS.incrementAndGet();
        }

        assertTrue(answer.status() < 500, "a 5xx: " + answer.status() + " " + answer.text());
        assertEquals(c.status(), answer.status(), answer.text());
        if (c.status() >= 400) {
            REFUSED.incrementAndGet();
            assertTrue(
                    answer.headers().getOrDefault("content-type", "").startsWith("application/problem+json"),
                    "problem+json, got " + answer.headers());
            JsonNode problem = JSON.readTree(answer.body());
            assertEquals(c.status(), problem.path("status").asInt(), answer.text());
            assertTrue(problem.path("type").asText().startsWith("https://podium.dev/problems/"), answer.text());
            assertTrue(problem.hasNonNull("detail"), answer.text());
            assertEquals(
                    c.field(),
                    problem.hasNonNull("field") ? problem.get("field").asText() : null,
                    answer.text());
            assertEquals(before, counts(), "a refused request must not change any table");
        } else if (c.method().equals("POST") && c.path().equals("/api/runs")) {
            storedExactly(c, answer);
        }
    }

    @Test
    @Order(2)
    void the_service_is_still_healthy_after_the_corpus() throws IOException {
        RawHttp.Answer ready = RawHttp.send(RestAssured.port, "GET", "/q/health/ready", Map.of(), null, false);
        assertEquals(200, ready.status(), ready.text());
        System.out.printf(
                "hostile corpus: %d cases sent, %d refused as expected, %d answered 5xx%n",
                SENT.get(), REFUSED.get(), SERVER_ERRORS.get());
    }

    // the stored envelope is the exact bytes that were signed, and the run reads back with its strings as sent
    private void storedExactly(HostileCase c, RawHttp.Answer answer) throws IOException {
        String id = JSON.readTree(answer.body()).get("id").asText();
        RawHttp.Answer stored =
                RawHttp.send(RestAssured.port, "GET", "/api/runs/" + id + "/envelope", Map.of(), null, false);
        assertEquals(200, stored.status());
        assertArrayEquals(c.body(), stored.body(), "the stored envelope must be the bytes received");
        RawHttp.Answer detail = RawHttp.send(RestAssured.port, "GET", "/api/runs/" + id, Map.of(), null, false);
        assertEquals(200, detail.status(), detail.text());
        JsonNode envelope = JSON.readTree(c.body());
        JsonNode payload = JSON.readTree(
                java.util.Base64.getDecoder().decode(envelope.get("payload").asText()));
        JsonNode run = JSON.readTree(detail.body());
        assertEquals(
                payload.at("/host/hostname").asText(), run.at("/host/hostname").asText(), detail.text());
    }

    private static RawHttp.Answer send(HostileCase c) throws IOException {
        Map<String, String> headers = new LinkedHashMap<>();
        c.headers().forEach((name, value) -> headers.put(name, value.replace("${adminToken}", Api.ADMIN_TOKEN)));
        return RawHttp.send(RestAssured.port, c.method(), c.path(), headers, c.body(), c.chunked());
    }

    // every case starts from the same world: test-agent enrolled (id 1), revoked-agent enrolled and revoked (id 2)
    private void resetWorld() throws IOException {
        List<String> tables = tables();
        rows.execute("truncate table " + String.join(", ", tables) + " restart identity cascade");
        Api.enrol("test-agent");
        String revoked = new String(
                java.nio.file.Files.readAllBytes(
                        HostileCase.DIR.resolveSibling("keys").resolve("revoked-agent.json")),
                StandardCharsets.UTF_8);
        String publicKey = JSON.readTree(revoked).get("publicKey").asText();
        long id = Api.enrol("revoked-agent", publicKey);
        Api.revoke(id).then().statusCode(200);
    }

    private List<String> tables() {
        List<String> tables = new ArrayList<>();
        rows.query(
                "select table_name from information_schema.tables where table_schema = current_schema()"
                        + " and table_type = 'BASE TABLE' and table_name not like 'flyway%' order by table_name",
                rs -> tables.add(rs.getString(1)));
        assertTrue(tables.contains("runs") && tables.contains("agents"), "tables: " + tables);
        return tables;
    }

    /** The runs accepted first have their change detection recorded in the background: not the hostile case's write. */
    private void awaitChangeDetection() throws InterruptedException {
        long[] undone = {1};
        long t0 = System.nanoTime();
        while (undone[0] > 0 && System.nanoTime() - t0 < 10_000_000_000L) {
            rows.query(
                    "select count(*) from runs r where not exists (select 1 from run_detections d where d.run_id = r.id"
                            + " and d.done_at is not null)",
                    rs -> undone[0] = rs.getLong(1));
            if (undone[0] > 0) {
                Thread.sleep(20);
            }
        }
    }

    private Map<String, Long> counts() {
        Map<String, Long> counts = new LinkedHashMap<>();
        for (String table : tables()) {
            if (table.equals("rate_limits")) {
                continue; // the write limits' buckets: a refused request is counted against the limit, as it should
            }
            rows.query("select count(*) from " + table, rs -> counts.put(table, rs.getLong(1)));
        }
        return counts;
    }
}
