package dev.podium.changes;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.V2Payloads;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

/**
 * A target that serves as many requests as before but burns 26% more CPU per request: nine runs, then three at the new
 * cost. The change point is on `cpu-per-request` (and on nothing else), and carries its evidence: both segments' means
 * and run-to-run spreads, the standardised effect and the p of the runs' t-test.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class CpuChangePointTest extends EmptyDatabaseTest {

    static final String FRAMEWORK = "Vert.x Web";

    /** The v2 full payload of day `day`, the Vert.x Web 64-connection cell using `userCpu` seconds per repeat. */
    static byte[] run(int day, double userCpu) {
        ObjectNode run = V2Payloads.full(String.format("00000000-0000-4000-8000-0000000003%02d", day));
        run.put("startedAt", String.format("2026-11-%02dT08:00:00Z", day));
        run.put("finishedAt", String.format("2026-11-%02dT08:30:00Z", day));
        JsonNode repeats = run.get("results").get(1).get("repeats");
        for (int r = 0; r < repeats.size(); r++) {
            V2Payloads.usage(run, 1, r).put("targetCpuUserSeconds", userCpu);
        }
        return V2Payloads.envelope(run);
    }

    static JsonPath changes(String metric, int runsAfter) throws InterruptedException {
        long until = System.nanoTime() + 10_000_000_000L;
        JsonPath changes;
        do {
            changes = given().queryParam("framework", FRAMEWORK)
                    .queryParam("metric", metric)
                    .get("/api/changes")
                    .then()
                    .statusCode(200)
                    .extract()
                    .jsonPath();
            if (!changes.getList("$").isEmpty() && changes.getInt("[0].runsAfter") == runsAfter) {
                break;
            }
            Thread.sleep(100);
        } while (System.nanoTime() < until);
        return changes;
    }

    @Test
    void moreCpuPerRequestIsAChangeOnThatMetricWithItsEvidence() throws Exception {
        for (int day = 1; day <= 9; day++) {
            // 20 s user + 3 s system for each 15 s repeat on 2 CPUs, within 0.5% from run to run
            Api.store(run(day, 20 * (1 + 0.005 * (day % 3) - 0.005)));
        }
        for (int day = 10; day <= 12; day++) {
            // 26 s user: 29 s of CPU, within the 30 s the two CPUs had (the payload's rule)
            Api.store(run(day, 26 * (1 + 0.003 * (day % 2))));
        }
        JsonPath cpu = changes("cpu-per-request", 3);
        assertEquals(1, cpu.getList("$").size(), cpu.prettify());
        assertEquals("cpu-per-request", cpu.getString("[0].metric"));
        assertEquals("00000000-0000-4000-8000-000000000310", cpu.getString("[0].runAfter"));
        assertEquals(9, cpu.getInt("[0].runsBefore"));
        // (26.03 + 3) / (20 + 3) = 1.262: 26% more CPU time per request, at the same requests
        assertEquals(26.2, cpu.getDouble("[0].effectPercent"), 0.5);
        double before = cpu.getDouble("[0].before.mean");
        double after = cpu.getDouble("[0].after.mean");
        assertTrue(before > 0 && after / before > 1.25 && after / before < 1.28, before + " -> " + after);
        // the evidence: runs spread well under 1% on either side, so the step is many standard deviations
        double spreadBefore = cpu.getDouble("[0].before.spread");
        double spreadAfter = cpu.getDouble("[0].after.spread");
        assertTrue(spreadBefore > 0 && spreadBefore < before * 0.01, String.valueOf(spreadBefore));
        assertTrue(spreadAfter > 0 && spreadAfter < after * 0.01, String.valueOf(spreadAfter));
        assertTrue(cpu.getDouble("[0].effectSize") > 20, cpu.getString("[0].effectSize"));
        assertTrue(cpu.getDouble("[0].pValue") < 1e-4, cpu.getString("[0].pValue"));
        assertTrue(
                cpu.getDouble("[0].before.ciLow") < before && before < cpu.getDouble("[0].before.ciHigh"),
                "the interval holds the mean");

        // requests/s and latency did not move: no change point there
        given().queryParam("framework", FRAMEWORK)
                .get("/api/changes")
                .then()
                .statusCode(200)
                .body("metric", org.hamcrest.Matchers.everyItem(org.hamcrest.Matchers.equalTo("cpu-per-request")));

        // the CSV carries the evidence too
        String csv = given().queryParam("framework", FRAMEWORK)
                .queryParam("format", "csv")
                .get("/api/changes")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        String[] lines = csv.split("\r\n");
        assertTrue(lines[0].endsWith("spread_before,spread_after,effect_size"), lines[0]);
        assertEquals(2, lines.length, csv);
        String[] fields = lines[1].split(",");
        assertEquals(spreadBefore, Double.parseDouble(fields[fields.length - 3]), spreadBefore * 1e-6);
        assertEquals(spreadAfter, Double.parseDouble(fields[fields.length - 2]), spreadAfter * 1e-6);
        assertTrue(Double.parseDouble(fields[fields.length - 1]) > 20, lines[1]);
    }

    @Test
    void anUnknownMetricIsRefusedByName() {
        given().get("/api/changes?metric=cpu")
                .then()
                .statusCode(400)
                .body("field", org.hamcrest.Matchers.equalTo("metric"));
    }
}
