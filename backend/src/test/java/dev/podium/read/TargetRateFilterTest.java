package dev.podium.read;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.V2Payloads;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A filter added to CellFilter alone (targetRate) is taken by every endpoint taking it: one run whose Helidon SE
 * open-loop sweep offers 2,000 and 4,000 req/s at 512 connections, read through the latency chart and the board.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class TargetRateFilterTest extends EmptyDatabaseTest {

    private static final String RUN = "8a4e1c69-3a5d-4b8c-8e2f-9d1a3b4c5e07";

    @BeforeEach
    void reset() {
        ObjectNode run = V2Payloads.full(RUN);
        ArrayNode results = (ArrayNode) run.get("results");
        ObjectNode open = results.get(3).deepCopy(); // Helidon SE, delay, open loop at 2,000 req/s
        open.put("targetRate", 4000);
        results.add(open);
        Api.store(V2Payloads.envelope(run));
    }

    @Test
    void latency_keeps_the_points_at_the_rate_asked_for() {
        assertKeepsTheRateAskedFor("/api/latency?scenario=delay&loadModel=open", "series[0].points.targetRate", 4000);
    }

    @Test
    void the_board_keeps_the_cells_at_the_rate_asked_for() {
        assertKeepsTheRateAskedFor(
                "/api/leaderboard?scenario=delay&loadModel=open", "rows[0].throughputByConnections.targetRate", 2000);
    }

    @Test
    void a_bad_rate_is_refused_naming_it() {
        given().get("/api/latency?scenario=delay&targetRate=fast").then().spec(Api.problem(400, "targetRate"));
        given().get("/api/history?scenario=delay&framework=Helidon%20SE&targetRate=0")
                .then()
                .spec(Api.problem(400, "targetRate"));
    }

    /** Without targetRate the answer at path holds both rates offered; with targetRate=rate it holds that one alone. */
    private static void assertKeepsTheRateAskedFor(String url, String path, int rate) {
        assertEquals(List.of(2000.0, 4000.0), rates(url, path));
        assertEquals(List.of((double) rate), rates(url + "&targetRate=" + rate, path));
    }

    /** The offered rates at a JSON path of an answer, as numbers whatever type the JSON reader picks. */
    private static List<Double> rates(String url, String path) {
        return Api.json(url).getList(path, Double.class).stream()
                .map(Number::doubleValue)
                .toList();
    }
}
