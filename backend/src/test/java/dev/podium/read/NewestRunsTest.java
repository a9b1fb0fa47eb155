package dev.podium.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.SeriesTables;
import dev.podium.testing.TestSigner;
import dev.podium.testing.V2Payloads;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The boards, the latency and scaling curves and the framework list read each target's newest run from the series
 * table (V30), which the database keeps at every insert into cells; a read bounded by a `to` date reads every cell
 * instead. Both ways must give the same answer, whatever order the runs came in and whoever measured them.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class NewestRunsTest extends EmptyDatabaseTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String OLDER = "7a1e0c52-6b4d-4f0e-9a2c-1d3e5f7a9b01"; // 2 November, Temurin 21
    private static final String MIDDLE = "7a1e0c52-6b4d-4f0e-9a2c-1d3e5f7a9b02"; // 10 November, Corretto 25, micro
    private static final String NEWER = "7a1e0c52-6b4d-4f0e-9a2c-1d3e5f7a9b03"; // 20 November, Temurin 21
    /** After every run stored: a `to` this far ahead bounds nothing, but makes the read take every cell. */
    private static final String EVERY_CELL = "&to=2999-12-31";

    @Test
    void a_run_stored_after_a_newer_one_does_not_replace_it() {
        submit(run(NEWER, "2026-11-20", "Eclipse Adoptium", "21.0.5+11-LTS", null));
        submit(run(OLDER, "2026-11-02", "Eclipse Adoptium", "21.0.5+11-LTS", null));

        assertEquals(List.of(NEWER), runIds("/api/latency?scenario=plaintext", "series"));
        assertEquals(List.of(NEWER), runIds("/api/leaderboard?scenario=plaintext", "rows"));
        assertEquals(List.of(), SeriesTables.violations(rows::scalar));
        // the older run is still there for the reads that ask for it
        assertEquals(List.of(OLDER), runIds("/api/latency?scenario=plaintext&to=2026-11-10", "series"));
    }

    @Test
    void the_newest_runs_read_from_the_series_table_are_those_read_from_every_cell() {
        submit(run(OLDER, "2026-11-02", "Eclipse Adoptium", "21.0.5+11-LTS", null));
        submit(run(NEWER, "2026-11-20", "Eclipse Adoptium", "21.0.5+11-LTS", null));
        // the middle run by another agent, stored last, then revoked: its rows are marked, or left out when asked
        long other = Api.enrol("other-agent");
        Api.store(TestSigner.envelope(
                "other-agent",
                TestSigner.V2_PAYLOAD_TYPE,
                V2Payloads.bytes(run(MIDDLE, "2026-11-10", "Amazon.com Inc.", "25.0.1+8-LTS", "micro"))));
        assertEquals(List.of(), SeriesTables.violations(rows::scalar));
        Api.revoke(other).then().statusCode(200);

        String[] reads = {
            "/api/leaderboard?scenario=plaintext",
            "/api/leaderboard?scenario=plaintext&revoked=exclude",
            "/api/leaderboard?scenario=plaintext&jvmVendor=Amazon.com Inc.",
            "/api/leaderboard?scenario=plaintext&jvmMajor=21",
            "/api/leaderboard?scenario=plaintext&classification=micro",
            "/api/leaderboard?scenario=plaintext&from=2026-11-05",
            "/api/leaderboard?scenario=plaintext&basis=latest",
            "/api/leaderboard?scenario=delay",
            "/api/latency?scenario=plaintext",
            "/api/latency?scenario=plaintext&jvmVendor=Amazon.com Inc.",
            "/api/scaling?scenario=plaintext",
            "/api/scaling?scenario=plaintext&classification=micro",
        };
        for (String read : reads) {
            assertEquals(body(read + EVERY_CELL), body(read), read);
        }
        // and the answers are not all alike: the filters pick different runs
        assertNotEquals(
                runIds("/api/latency?scenario=plaintext", "series"),
                runIds("/api/latency?scenario=plaintext&jvmVendor=Amazon.com Inc.", "series"));
    }

    private static ObjectNode run(String id, String day, String vendor, String version, String classification) {
        ObjectNode run = V2Payloads.full(id);
        run.put("startedAt", day + "T08:00:00Z").put("finishedAt", day + "T09:00:00Z");
        ((ObjectNode) run.get("jvm")).put("vendor", vendor).put("version", version);
        if (classification != null) {
            run.get("results").forEach(c -> ((ObjectNode) c).put("classification", classification));
        }
        return run;
    }

    private static void submit(ObjectNode run) {
        Api.submit(V2Payloads.envelope(run)).then().statusCode(201);
    }

    private static JsonNode body(String path) {
        try {
            return JSON.readTree(Api.ok(path).extract().asByteArray());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The distinct run ids of {@code list}[*].runId, in order. */
    private static List<String> runIds(String path, String list) {
        List<String> ids = new ArrayList<>();
        for (JsonNode item : body(path).get(list)) {
            String id = item.get("runId").asText();
            if (!ids.contains(id)) {
                ids.add(id);
            }
        }
        return ids;
    }
}
