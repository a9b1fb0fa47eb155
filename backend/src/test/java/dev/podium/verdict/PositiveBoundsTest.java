package dev.podium.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.TestSigner;
import dev.podium.testing.TestVectors;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** No impossible figure (issue 40): no read shows a bound of a positive quantity at or below zero. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class PositiveBoundsTest extends EmptyDatabaseTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String[] NAMES = {"Alpha", "Bravo"};

    /**
     * No read shows an impossible figure (issue 40): two targets whose three JVM starts are 2x to 30x apart, so that a
     * symmetric t interval over them (t = 12.7) would cross zero, in two runs, with what each request cost (payload v2:
     * CPU and memory per request), a frozen snapshot of them; then every read endpoint that carries an interval of a
     * positive quantity (throughput, requests per CPU-second, memory per request, ratios, scores) is read whole, in
     * each of its rankings, and every bound it holds, whatever its field's name, must be above zero.
     */
    @Test
    void no_interval_of_a_positive_figure_reaches_zero_on_any_read() throws Exception {
        for (int run = 0; run < 2; run++) {
            ObjectNode payload = (ObjectNode) JSON.readTree(TestVectors.bytes("payloads/valid/v2-rounds.json"));
            String startedAt = "2026-11-2" + run + "T08:00:00Z";
            payload.put("runId", "00000000-0000-4000-8000-0000000004a" + run)
                    .put("startedAt", startedAt)
                    .put("finishedAt", startedAt.replace("T08:", "T09:"));
            ObjectNode template = (ObjectNode) payload.withArray("results").get(0);
            ArrayNode results = JSON.createArrayNode();
            double[][] starts = {{10_000, 10_500, 30_000}, {1_000, 9_000, 30_000}};
            for (int t = 0; t < 2; t++) {
                ObjectNode cell = template.deepCopy();
                cell.put("framework", NAMES[t]).put("frameworkVersion", "1.0");
                cell.remove("starts");
                ArrayNode repeats = JSON.createArrayNode();
                for (int f = 0; f < 3; f++) {
                    ObjectNode r = ((ObjectNode) template.withArray("repeats").get(0)).deepCopy();
                    double rps = starts[t][f];
                    r.put("fork", f).put("requestsPerSecond", rps).put("requests", Math.round(rps * 15));
                    // CPU and memory per request 20x apart between starts: their intervals too would cross zero
                    ((ObjectNode) r.get("usage"))
                            .put("targetCpuUserSeconds", 0.5 + 4.5 * f)
                            .put("targetCpuSystemSeconds", 0.1)
                            .put("targetRssMeanBytes", 20_000_000L * (1 + 10L * f))
                            .put("targetRssPeakBytes", 21_000_000L * (1 + 10L * f));
                    repeats.add(r);
                }
                cell.set("repeats", repeats);
                results.add(cell);
            }
            payload.set("results", results);
            io.restassured.response.Response stored = Api.submit(
                    TestSigner.envelope("test-agent", TestSigner.V2_PAYLOAD_TYPE, JSON.writeValueAsBytes(payload)));
            assertEquals(201, stored.statusCode(), stored.asString());
        }
        Api.admin()
                .contentType("application/json")
                .body(Map.of("slug", "bounds", "title", "Bounds"))
                .post("/api/snapshots")
                .then()
                .statusCode(201);
        JsonPath run = Api.json("/api/runs/00000000-0000-4000-8000-0000000004a1");
        long a = run.getLong("cells.find { it.framework == 'Alpha' }.id");
        long b = run.getLong("cells.find { it.framework == 'Bravo' }.id");
        List<String> reads = new ArrayList<>(List.of(
                "/api/leaderboard?scenario=plaintext&vcpus=1",
                "/api/leaderboard?scenario=plaintext&vcpus=1&basis=latest",
                "/api/leaderboard?scenario=plaintext&vcpus=1&rank=cpu",
                "/api/leaderboard?scenario=plaintext&vcpus=1&rank=memory",
                "/api/composite?vcpus=1",
                "/api/compare?a=" + a + "&b=" + b,
                "/api/calculator?scenario=plaintext&from=Bravo&to=Alpha&servers=4&current=1000&required=3000",
                "/api/frameworks/alpha",
                "/api/frameworks/bravo",
                "/api/frameworks/alpha/jvm-modes",
                "/api/history?scenario=plaintext&framework=Bravo",
                "/api/scaling?scenario=plaintext",
                "/api/latency?scenario=plaintext",
                "/api/runs/00000000-0000-4000-8000-0000000004a1",
                "/api/runs/00000000-0000-4000-8000-0000000004a1/cells",
                "/api/snapshots/bounds",
                "/api/diff?a=00000000-0000-4000-8000-0000000004a0&b=00000000-0000-4000-8000-0000000004a1"));
        List<String> bounds = new ArrayList<>();
        for (String path : reads) {
            io.restassured.response.Response answer = io.restassured.RestAssured.given()
                    .accept("application/json")
                    .get(path);
            assertEquals(200, answer.statusCode(), path + ": " + answer.asString());
            String body = answer.asString();
            List<String> found = new ArrayList<>();
            lowerBounds(JSON.readTree(body), "", found);
            for (String bound : found) {
                bounds.add(path + " " + bound);
                double v = Double.parseDouble(bound.substring(bound.lastIndexOf('=') + 1));
                assertTrue(v > 0, "a bound at or below zero on " + path + ": " + bound);
            }
        }
        System.out.printf("positive bounds: %d low bounds on %d reads, all above zero%n", bounds.size(), reads.size());
        // the reads gave bounds to check: the board's rows and sweeps in each ranking, the cells', compare's, the
        // composite's, the framework pages', the history's, the scaling's, the snapshot's
        for (String read : List.of(
                "rank=cpu",
                "rank=memory",
                "composite",
                "compare",
                "frameworks/alpha",
                "history",
                "scaling",
                "snapshots",
                "runs/")) {
            assertTrue(bounds.stream().anyMatch(x -> x.contains(read)), "no bound read from " + read + ": " + bounds);
        }
    }

    /**
     * Every number under a field that is a low bound (ciLow, rpsCiLow, perVcpuCiLow, scoreLow, ratioCiLow, a verdict's
     * low...; not serversSavedLow, a count that may be 0 or less), as "path=value".
     */
    private static void lowerBounds(JsonNode node, String path, List<String> out) {
        if (node.isObject()) {
            node.properties().forEach(e -> {
                String key = e.getKey();
                JsonNode v = e.getValue();
                boolean low = key.equals("low") || key.endsWith("Low") && !key.equals("serversSavedLow");
                if (low && v.isNumber()) {
                    out.add(path + "." + key + "=" + v.asDouble());
                } else {
                    lowerBounds(v, path + "." + key, out);
                }
            });
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                lowerBounds(node.get(i), path + "[" + i + "]", out);
            }
        }
    }
}
