package dev.podium.stats;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.testing.Api;
import dev.podium.testing.CsvTable;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.TestSigner;
import dev.podium.testing.TestVectors;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Forks in every answer (issue 25): two runs of Netty, each over three JVM starts (start means 100,000, 104,000 and
 * 96,000 req/s, then all 3% higher; five repeats within +-200 of each start's mean), and Spring MVC in one start. The
 * repeats alone would call the 3% a significant difference (Welch p about 0.02, the 15 repeats of a side look like
 * 15 samples); over the starts it is not (p about 0.41 on 2 + 2 degrees of freedom), and compare and the diff say so.
 * Every answer that carries an interval says how many starts it rests on, and the board's figure pooled over both
 * runs rests on their six starts.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class ForksAnswersTest extends EmptyDatabaseTest {

    static final String RUN_A = "7c1e2a90-3b4d-4e5f-8a6b-9c0d1e2f3a21";
    static final String RUN_B = "7c1e2a90-3b4d-4e5f-8a6b-9c0d1e2f3a22";
    static final double[] MEANS_A = {100_000, 104_000, 96_000};
    static final double[] MEANS_B = {103_000, 107_000, 99_000};
    static final double[] SPRING = {50_000, 50_100, 49_900, 50_200, 49_800};
    private static final double[] OFFSETS = {-200, -100, 0, 100, 200};
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A start's five repeats: its mean and the offsets. */
    static double[] start(double mean) {
        return Arrays.stream(OFFSETS).map(o -> mean + o).toArray();
    }

    static double[] repeats(double[] means) {
        return Arrays.stream(means).flatMap(m -> Arrays.stream(start(m))).toArray();
    }

    /** results[0] of v2-forks.json with the given starts (fork named only with several), at the given target. */
    static ObjectNode cell(ObjectNode template, String framework, String ioModel, double[][] starts) {
        ObjectNode cell = template.deepCopy();
        cell.put("framework", framework);
        cell.put("ioModel", ioModel);
        ObjectNode repeat = (ObjectNode) template.get("repeats").get(0);
        ArrayNode out = cell.putArray("repeats");
        for (int f = 0; f < starts.length; f++) {
            for (double rps : starts[f]) {
                ObjectNode r = repeat.deepCopy();
                r.put("requestsPerSecond", rps);
                r.put("requests", Math.round(rps * 15));
                if (starts.length > 1) {
                    r.put("fork", f);
                } else {
                    r.remove("fork");
                }
                out.add(r);
            }
        }
        return cell;
    }

    static byte[] run(String runId, String startedAt, double[] nettyMeans, boolean withSpring) throws Exception {
        ObjectNode run = (ObjectNode) JSON.readTree(TestVectors.bytes("payloads/valid/v2-forks.json"));
        run.put("runId", runId);
        run.put("startedAt", startedAt);
        run.put("finishedAt", startedAt.replace("T10:00", "T10:05"));
        ObjectNode template = (ObjectNode) run.get("results").get(0);
        ArrayNode results = run.putArray("results");
        results.add(cell(
                template,
                "Netty",
                "non-blocking",
                Arrays.stream(nettyMeans).mapToObj(ForksAnswersTest::start).toArray(double[][]::new)));
        if (withSpring) {
            results.add(cell(template, "Spring MVC", "blocking", new double[][] {SPRING}));
        }
        return TestSigner.envelope("test-agent", TestSigner.V2_PAYLOAD_TYPE, JSON.writeValueAsBytes(run));
    }

    long nettyA;
    long nettyB;
    long springA;

    @BeforeEach
    void twoRuns() throws Exception {
        Api.submit(run(RUN_A, "2026-11-01T10:00:00Z", MEANS_A, true)).then().statusCode(201);
        Api.submit(run(RUN_B, "2026-11-02T10:00:00Z", MEANS_B, false)).then().statusCode(201);
        JsonPath a = Api.ok("/api/runs/" + RUN_A).extract().jsonPath();
        nettyA = a.getLong("cells.find { it.framework == 'Netty' }.id");
        springA = a.getLong("cells.find { it.framework == 'Spring MVC' }.id");
        nettyB = Api.ok("/api/runs/" + RUN_B).extract().jsonPath().getLong("cells[0].id");
    }

    @Test
    void compare_tests_on_the_starts_where_the_repeats_alone_would_call_a_difference() {
        // the test the service used before: the repeats as one sample each, significant
        Welch.Result onRepeats = Welch.test(repeats(MEANS_B), repeats(MEANS_A));
        assertTrue(onRepeats.significant(), "p on the repeats: " + onRepeats.pValue());
        // over the starts: each side's three start means, 2 degrees of freedom each
        Welch.Result onStarts = Welch.test(MEANS_B, MEANS_A);
        assertEquals(4.0, onStarts.df(), 1e-9);
        assertFalse(onStarts.significant());

        // compare judges each side over its starts too (the comparison engine, the pair alone: run A's cell is no row
        // of the board, which pools Netty's two runs)
        JsonPath c =
                Api.ok("/api/compare?a=" + nettyA + "&b=" + nettyB).extract().jsonPath();
        assertEquals(false, c.getBoolean("significant"));
        assertEquals("cannot-tell", c.getString("outcome"));
        assertNull(c.get("board"));
        assertEquals(0.95, c.getDouble("confidence"), 1e-12);
        assertTrue(c.getDouble("ratioCiLow") < 1 && c.getDouble("ratioCiHigh") > 1, "the ratio's interval holds 1");
        assertEquals(1.03, c.getDouble("ratio"), 1e-5);
        assertEquals("none", c.getString("claim"));
        assertEquals(3, c.getInt("a.forks"));
        assertEquals(3, c.getInt("b.forks"));
        assertNull(c.get("oneStart"), "both sides span several starts");
    }

    @Test
    void compare_names_the_side_that_rests_on_one_start() {
        Api.ok("/api/compare?a=" + nettyA + "&b=" + springA)
                .body("b.forks", equalTo(1))
                .body(
                        "oneStart",
                        equalTo("Spring MVC rests on one JVM start: its side of the test and of the interval counts"
                                + " the spread of its repeats, not the larger spread between starts"));
        Api.ok("/api/compare?a=" + springA + "&b=" + springA)
                .body("oneStart", org.hamcrest.Matchers.startsWith("Spring MVC (cell " + springA + ") and Spring MVC"));
    }

    @Test
    void the_diff_tests_on_the_starts_too() {
        Api.ok("/api/diff?a=" + RUN_A + "&b=" + RUN_B)
                .body("compared", equalTo(1))
                .body("onlyInA", equalTo(1))
                .body("moved", org.hamcrest.Matchers.empty());
    }

    @Test
    void every_answer_with_an_interval_says_how_many_starts_it_rests_on() throws Exception {
        String hostClass =
                given().get("/api/runs/" + RUN_B).then().extract().jsonPath().getString("host.hostClass");
        // the board pools Netty's segment, both runs: six starts in all, the interval over the two runs' means (the
        // runs are the segment's units: drift between runs is what the next run will show, methodology section 10)
        JsonPath board = Api.ok("/api/leaderboard?scenario=plaintext&segments=include")
                .extract()
                .jsonPath();
        assertEquals(List.of("Netty", "Spring MVC"), board.getList("rows.framework"));
        assertEquals(List.of(6, 1), board.getList("rows.forks"));
        assertEquals(30, board.getInt("rows[0].repeatCount"));
        double[] runs = {100_000, 103_000}; // the means of each run's starts, 100k/104k/96k and 103k/107k/99k
        double[] interval = StudentT.meanInterval(runs); // around 101,500, taken to the log scale around the figure
        double half = (interval[1] - interval[0]) / 2 / 101_500;
        assertEquals(101_500, board.getDouble("rows[0].bestThroughput"), 1);
        assertEquals(101_500 * Math.exp(-half), board.getDouble("rows[0].ciLow"), 1);
        assertEquals(101_500 * Math.exp(half), board.getDouble("rows[0].ciHigh"), 1);
        assertEquals(List.of(1), board.getList("rows[1].throughputByConnections.forks"));
        assertEquals(List.of(6), board.getList("rows[0].throughputByConnections.forks")); // its sweep, pooled too

        Api.ok("/api/scaling?scenario=plaintext")
                .body("series.find { it.framework == 'Netty' }.points.forks", contains(3))
                .body("series.find { it.framework == 'Spring MVC' }.points.forks", contains(1));
        Api.ok("/api/latency?scenario=plaintext")
                .body("series.find { it.framework == 'Netty' }.points.forks", contains(3));
        Api.ok("/api/history?scenario=plaintext&framework=Netty").body("series[0].points.forks", contains(3, 3));
        assertEquals(
                List.of("3", "3"),
                CsvTable.get("/api/history?scenario=plaintext&framework=Netty").column("forks"));
        Api.ok("/api/frameworks/netty")
                .body("scenarios[0].rows.forks", contains(6))
                .body("scenarios[0].nearest.forks", contains(1))
                .body("scenarios[0].history[0].points.forks", everyItem(equalTo(3)));
        assertEquals(
                List.of("3", "1"), CsvTable.get("/api/runs/" + RUN_A + "/cells").column("forks"));
        assertTrue(hostClass != null && !hostClass.isBlank());
        Api.ok("/api/leaderboard?scenario=plaintext&basis=latest")
                .body("rows.forks", contains(3, 1))
                .body("rows[1].ciLow", org.hamcrest.Matchers.notNullValue())
                .body("segments", nullValue());
    }
}
