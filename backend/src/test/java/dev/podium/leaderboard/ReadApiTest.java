package dev.podium.leaderboard;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.read.Csv;
import dev.podium.testing.Api;
import dev.podium.testing.CsvTable;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.SeededOnceTest;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The read API end to end: runs signed here with the test key are ingested through POST /api/runs, and every figure
 * asserted was worked out by hand or with scipy/numpy (see the comments), not printed by the code under test.
 *
 * <p>Over 400 lines on purpose: every test reads the one data set seeded below, ingested once for the class (see
 * seed); split in two, each part would ingest it again and the hand-worked figures would be written twice.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class ReadApiTest extends SeededOnceTest {

    static final String R0 = "00000000-0000-4000-8000-000000000000";
    static final String R1 = "00000000-0000-4000-8000-000000000001";
    static final String R2 = "00000000-0000-4000-8000-000000000002";
    // no line break: names holding control characters are refused at ingest (schema/README.md)
    static final String WEIRD = "Ktor, \"CIO\"; engine";
    static final double[] SPRING_64 = {50000, 52000, 49000, 51000, 50500};
    static final double[] NETTY_256 = {120000, 122000, 118000, 121000, 119000};

    ReadApiTest() {
        super(7, R2, ReadApiTest::seedRuns);
    }

    @BeforeEach
    void readNumbersAsDoubles() {
        Api.readNumbersAsDoubles();
    }

    private static void seedRuns() {
        // R0, the oldest: a Netty result that R2 supersedes
        SignedRuns.run(R0, "2026-09-01T08:00:00Z")
                .cell("Netty", "4.1.0.Final", "non-blocking", "plaintext", 64, 2, false, 2, 0, 90000, 91000, 89000)
                .store();
        // R1: Spring MVC (SLA cell at 64, best at 256 whose p90 breaks the SLA), Jetty, the nginx baseline
        SignedRuns.run(R1, "2026-10-01T08:00:00Z")
                .nginx(256, 200000, 199000, 201000)
                .springMvc(64, 10, SPRING_64)
                .springMvc(256, 250, 60000, 61000, 59000)
                .jetty(50100, 50300, 50200)
                .store();
        // R2, the newest: Netty at 1 and 2 vCPUs; its 1024-connection cell has 2% errors
        double[] errors = {130000, 131000, 129000};
        SignedRuns.run(R2, "2026-11-01T08:00:00Z")
                .nginx(256, 240000, 240000, 240000)
                .netty(64, 100000, 102000, 98000)
                .cell("Netty", "4.2.7.Final", "non-blocking", "plaintext", 256, 2, false, 5, 0, NETTY_256)
                .cell("Netty", "4.2.7.Final", "non-blocking", "plaintext", 1024, 2, false, 9, 0.02, errors)
                .cell("Netty", "4.2.7.Final", "non-blocking", "plaintext", 256, 1, false, 5, 0, 66000, 67000, 68000)
                .store();
        // json history of Undertow: two steady runs, then one 10% lower
        undertowJson("a1", "2026-08-01", "2.3.20", 100000, 101000, 99000, 100500, 99500);
        undertowJson("a2", "2026-08-02", "2.3.20", 101000, 102000, 100000, 101500, 100500);
        undertowJson("a3", "2026-08-03", "2.3.21", 90000, 90500, 89500, 90200, 89800);
        // db: a framework name with a comma, quotes and a line break, for CSV
        SignedRuns.run("00000000-0000-4000-8000-0000000000b1", "2026-08-04T08:00:00Z")
                .cell(WEIRD, "3.3.2", "non-blocking", "db", 64, 2, false, 3, 0, 9000, 9100, 8900)
                .store();
    }

    /** A run of Undertow alone in json at 64 connections; runId ...0000000000{id}, started at 08:00 of day. */
    private static void undertowJson(String id, String day, String version, double... rps) {
        SignedRuns.run("00000000-0000-4000-8000-0000000000" + id, day + "T08:00:00Z")
                .cell("Undertow", version, "non-blocking", "json", 64, 2, false, 3, 0, rps)
                .store();
    }

    private static JsonPath leaderboard(String query) {
        return Api.ok("/api/leaderboard?" + query)
                .contentType(startsWith("application/json"))
                .extract()
                .jsonPath();
    }

    @Test
    void every_ingested_cell_has_its_statistics() {
        for (String run : List.of(
                R0,
                R1,
                R2,
                "00000000-0000-4000-8000-0000000000a1",
                "00000000-0000-4000-8000-0000000000a2",
                "00000000-0000-4000-8000-0000000000a3",
                "00000000-0000-4000-8000-0000000000b1")) {
            JsonPath cells = Api.json("/api/runs/" + run + "/cells");
            assertTrue(!cells.getList("items").isEmpty(), run);
            assertTrue(!cells.getList("items.stats.rpsTrimmedMean").contains(null), run + ": " + cells.prettify());
        }
    }

    @Test
    void statistics_are_stored_at_ingest_and_match_numpy() {
        // NETTY_256: trimmed mean 120000, median 120000, sd (ddof=1) 1581.1388300841897,
        // scipy stats.t.interval(0.95, 4, loc=120000, scale=sd/sqrt(5)) = (118036.75683852244, 121963.24316147756),
        // stored on the log scale around the figure: 120000 x exp(-+ 1963.24316147756 / 120000)
        JsonPath cells = Api.json("/api/runs/" + R2 + "/cells");
        assertEquals(5, cells.getList("items").size());
        String netty = "items.find { it.connections == 256 && it.vcpus == 2 && !it.baseline }.stats.";
        assertEquals(120000.0, cells.getDouble(netty + "rpsTrimmedMean"), 1e-9);
        assertEquals(120000.0, cells.getDouble(netty + "rpsMedian"), 1e-9);
        assertEquals(1581.1388300841897, cells.getDouble(netty + "rpsStddev"), 1e-6);
        assertEquals(118052.72929697079, cells.getDouble(netty + "rpsCiLow"), 1e-6);
        assertEquals(121979.39078372075, cells.getDouble(netty + "rpsCiHigh"), 1e-6);
        assertEquals(5.0, cells.getDouble(netty + "p90Median"), 1e-12);
        assertEquals(false, cells.getBoolean(netty + "overErrorLimit"));
        String errors = "items.find { it.connections == 1024 }.stats.";
        assertEquals(0.02, cells.getDouble(errors + "errorRate"), 1e-4);
        assertEquals(true, cells.getBoolean(errors + "overErrorLimit"));
    }

    @Test
    void leaderboard_picks_each_frameworks_latest_run_the_sla_cell_and_shows_ties_as_ties() {
        JsonPath board = leaderboard("scenario=plaintext");
        assertEquals(SignedRuns.HOST_CLASS, board.getString("hostClass"));
        assertEquals(2, board.getInt("vcpus")); // the largest measured on the host class
        assertEquals(List.of("Netty", "Spring MVC", "Jetty"), board.getList("rows.framework"));
        // Netty is told apart from both; Spring MVC and Jetty, 50,500 and 50,200 req/s, are not: both 2-3
        assertEquals(List.of(1, 2, 2), board.getList("rows.rank"));
        assertEquals(List.of(1, 3, 3), board.getList("rows.rankHigh"));
        assertEquals(List.of(false, true, true), board.getList("rows.tied"));

        // Netty from R2, not R0; SLA cell 256 (the 1024 cell has 2% errors), best cell 1024
        assertEquals(R2, board.getString("rows[0].runId"));
        assertEquals(120000.0, board.getDouble("rows[0].slaThroughput"), 1e-9);
        assertEquals(256, board.getInt("rows[0].slaConnections"));
        assertEquals(130000.0, board.getDouble("rows[0].bestThroughput"), 1e-9);
        assertEquals(1024, board.getInt("rows[0].bestConnections"));
        assertEquals(118052.72929697079, board.getDouble("rows[0].ciLow"), 1e-6);
        assertEquals(60000.0, board.getDouble("rows[0].throughputPerVcpu"), 1e-9);
        assertEquals(130000.0 / 240000, board.getDouble("rows[0].baselineShare"), 1e-12);
        assertEquals("4.2.7.Final", board.getString("rows[0].frameworkVersion"));

        // Spring MVC: SLA at 64 (trimmed mean of 50000, 50500, 51000), best at 256 breaking the SLA
        assertEquals(50500.0, board.getDouble("rows[1].slaThroughput"), 1e-9);
        assertEquals(64, board.getInt("rows[1].slaConnections"));
        assertEquals(60000.0, board.getDouble("rows[1].bestThroughput"), 1e-9);
        assertEquals(0.3, board.getDouble("rows[1].baselineShare"), 1e-12); // 60000 / 200000 in the same run
        assertEquals(10.0, board.getDouble("rows[1].p90Ms"), 1e-12);

        assertEquals("nginx", board.getString("baseline.framework"));
        assertEquals(240000.0, board.getDouble("baseline.bestThroughput"), 1e-9);
        assertTrue(board.getList("available.frameworks").containsAll(List.of("Jetty", "Netty", "Spring MVC")));
        assertTrue(!board.getList("available.frameworks").contains("nginx"));
        assertEquals(List.of(1, 2), board.getList("available.vcpus"));
        assertEquals(List.of(64, 256, 1024), board.getList("available.connections"));
    }

    @Test
    void a_stricter_sla_moves_the_sla_cell_and_filters_narrow_the_rows() {
        JsonPath strict = leaderboard("scenario=plaintext&sla=4&framework=Netty&basis=latest"); // R2 alone
        assertEquals(List.of("Netty"), strict.getList("rows.framework"));
        assertEquals(64, strict.getInt("rows[0].slaConnections")); // only the 64-connection cell has p90 2 < 4
        assertEquals(100000.0, strict.getDouble("rows[0].slaThroughput"), 1e-9);
        JsonPath none = leaderboard("scenario=plaintext&sla=1");
        assertEquals(nullValue().matches(none.get("rows[0].slaThroughput")), true);
        JsonPath oneVcpu = leaderboard("scenario=plaintext&vcpus=1");
        assertEquals(List.of("Netty"), oneVcpu.getList("rows.framework"));
        assertEquals(67000.0, oneVcpu.getDouble("rows[0].bestThroughput"), 1e-9);
        JsonPath before = leaderboard("scenario=plaintext&to=2026-09-30");
        assertEquals(List.of(R0), before.getList("rows.runId")); // only R0 started by then
        assertEquals(
                List.of("Spring MVC"),
                leaderboard("scenario=plaintext&ioModel=blocking").getList("rows.framework"));
    }

    @Test
    void an_empty_result_is_200_with_an_empty_list() {
        Api.ok("/api/leaderboard?scenario=proxy").body("rows", empty());
        Api.ok("/api/leaderboard?scenario=plaintext&jvmVendor=Nobody").body("rows", empty());
        Api.ok("/api/history?scenario=proxy&framework=Netty").body("series", empty());
    }

    @Test
    void a_cached_answer_gives_way_as_soon_as_a_run_is_stored() {
        Api.ok("/api/leaderboard?scenario=proxy").body("rows", empty());
        Api.ok("/api/leaderboard?scenario=proxy").body("rows", empty()); // asked again before any run: still empty
        SignedRuns.run("00000000-0000-4000-8000-0000000000c1", "2026-11-02T08:00:00Z")
                .cell("Netty", "4.2.7.Final", "non-blocking", "proxy", 64, 2, false, 3, 0, 30000, 31000, 29000)
                .store();
        Api.ok("/api/leaderboard?scenario=proxy")
                .body("rows.framework", contains("Netty"))
                .body("rows[0].slaThroughput", closeTo(30000.0, 1e-9));
    }

    @Test
    void unknown_parameters_and_values_answer_400_problem_json_naming_the_field() {
        String[][] cases = {
            {"/api/leaderboard?scenario=plaintext&colour=red", "colour"},
            {"/api/leaderboard?scenario=teapot", "scenario"},
            {"/api/leaderboard", "scenario"},
            {"/api/leaderboard?scenario=plaintext&vcpus=two", "vcpus"},
            {"/api/leaderboard?scenario=plaintext&vcpus=0", "vcpus"},
            {"/api/leaderboard?scenario=plaintext&from=yesterday", "from"},
            {"/api/leaderboard?scenario=plaintext&format=xml", "format"},
            {"/api/leaderboard?scenario=plaintext&sla=-5", "sla"},
            {"/api/leaderboard?scenario=plaintext&scenario=json", "scenario"},
            {"/api/history?scenario=json", "framework"},
            {"/api/scaling?scenario=json&ioModel=async", "ioModel"},
            {"/api/latency?scenario=json&page=2", "page"},
            {"/api/compare?a=1&b=x", "b"},
            {"/api/calculator?ratio=2&servers=0&current=1&required=2", "servers"},
            {"/api/calculator?ratio=2&servers=3&current=1", "required"},
            {"/api/history?scenario=json&framework=Undertow&window=101", "window"},
            {"/api/calculator?ratio=2&servers=3&current=abc&required=2", "current"},
            {"/api/frameworks?all=true", "all"}
        };
        for (String[] c : cases) {
            given().get(c[0]).then().spec(Api.problem(400, c[1])).body("status", equalTo(400));
        }
        given().get("/api/compare?a=999999999&b=1").then().spec(Api.problem(404, "a"));
        given().get("/api/runs/00000000-0000-4000-8000-00000000ffff/cells")
                .then()
                .spec(Api.problem(404));
    }

    @Test
    void leaderboard_csv_has_a_header_and_a_quoted_name_round_trips() throws Exception {
        String csv = Api.ok("/api/leaderboard?scenario=db&format=csv")
                .contentType(startsWith("text/csv"))
                .extract()
                .asString();
        List<String[]> lines = parse(csv);
        assertEquals(LeaderboardResponse.CSV_HEADER.stream().map(Csv::snakeCase).toList(), List.of(lines.get(0)));
        assertEquals(WEIRD, lines.get(1)[3]); // after rank, rank_high and tied
        assertEquals(2, lines.size());
        String viaAccept = given().accept("text/csv")
                .get("/api/leaderboard?scenario=db")
                .then()
                .statusCode(200)
                .contentType(startsWith("text/csv"))
                .extract()
                .asString();
        assertEquals(csv, viaAccept);
    }

    @Test
    void history_and_run_cells_come_as_csv_too() throws Exception {
        List<String[]> history = parse(Api.ok("/api/history?scenario=json&framework=Undertow&format=csv")
                .extract()
                .asString());
        assertEquals("host_class", history.get(0)[0]);
        assertEquals(4, history.size()); // header + 3 runs
        List<String[]> cells = parse(given().accept("text/csv")
                .get("/api/runs/" + R1 + "/cells")
                .then()
                .statusCode(200)
                .extract()
                .asString());
        assertEquals("id", cells.get(0)[0]);
        assertEquals(5, cells.size()); // header + 4 cells
    }

    @Test
    void history_claims_no_regression_on_fewer_than_five_previous_runs_and_says_why() {
        // trimmed means 100000, 101000, then 90000: median of the previous two 100500, change -10.45%; their sd 707.1,
        // t = -10500 / (707.1 sqrt(1.5)) = -12.12 with 1 df, one-sided p = 1/2 + atan(t) / pi = 0.026; but two runs are
        // few
        JsonPath h = Api.json("/api/history?scenario=json&framework=Undertow");
        assertEquals(List.of(100000.0, 101000.0, 90000.0), h.getList("series[0].points.throughput"));
        assertEquals(List.of(false, false, false), h.getList("series[0].points.regression"));
        String detail = h.getString("series[0].points[2].regressionDetail");
        assertTrue(
                detail.startsWith("-10.4% against the median 100,500 req/s of the previous 2 runs; run-to-run sd 707"
                        + " req/s (0.7%), 95% lower prediction bound 95,032 req/s, t = -12.12, df = 1"),
                detail);
        assertTrue(detail.endsWith(", one-sided p = 0.026: not claimed on fewer than 5 previous runs"), detail);
        JsonPath steady = Api.json("/api/history?scenario=plaintext&framework=Netty&vcpus=2");
        assertEquals(List.of(false, false), steady.getList("series[0].points.regression")); // R0 then R2, higher
    }

    @Test
    void compare_gives_the_boards_verdict_with_the_ratio_of_the_figures_and_its_positive_interval() {
        JsonPath cells =
                given().get("/api/runs/" + R1 + "/cells").then().extract().jsonPath();
        long spring = cells.getLong("items.find { it.framework == 'Spring MVC' && it.connections == 64 }.id");
        long jetty = cells.getLong("items.find { it.framework == 'Jetty' }.id");
        long netty = given().get("/api/runs/" + R2 + "/cells")
                .then()
                .extract()
                .jsonPath()
                .getLong("items.find { it.connections == 256 && it.vcpus == 2 && !it.baseline }.id");
        // both are rows of the plaintext board (Netty's SLA cell, Spring MVC's SLA cell): its verdict, of 3 pairs
        // judged at once, 2 decided (Netty over each), so every interval is at 1 - 2 x 0.05 / 3 (Benjamini-Hochberg)
        JsonPath c = Api.json("/api/compare?a=" + spring + "&b=" + netty);
        assertEquals(120000.0 / 50500, c.getDouble("ratio"), 1e-9);
        assertEquals(1 - 2 * 0.05 / 3, c.getDouble("confidence"), 1e-12);
        assertTrue(c.getDouble("ratioCiLow") > 1 && c.getDouble("ratioCiLow") < c.getDouble("ratio"), c.prettify());
        assertTrue(c.getDouble("ratioCiHigh") > c.getDouble("ratio"), c.prettify());
        assertEquals("faster", c.getString("outcome"));
        assertEquals("faster", c.getString("claim"));
        assertEquals(true, c.getBoolean("significant"));
        assertTrue(c.getString("board").startsWith("the plaintext leaderboard (closed loop, "), c.getString("board"));
        assertTrue(c.getString("verdict").startsWith("Netty is 2.38x as fast as Spring MVC ("), c.getString("verdict"));
        assertEquals("Spring MVC", c.getString("a.framework"));
        // the same pair the other way round: the same verdict, seen from the other side
        JsonPath back = Api.json("/api/compare?a=" + netty + "&b=" + spring);
        assertEquals("slower", back.getString("outcome"));
        assertEquals(1 / c.getDouble("ratioCiHigh"), back.getDouble("ratioCiLow"), 1e-12);
        // Jetty and Spring MVC, 50,200 and 50,500 req/s: the board cannot tell them apart, nor can compare
        JsonPath tie = Api.json("/api/compare?a=" + spring + "&b=" + jetty);
        assertEquals("cannot-tell", tie.getString("outcome"));
        assertEquals("none", tie.getString("claim"));
        assertTrue(
                tie.getString("verdict").startsWith("cannot tell Jetty and Spring MVC apart"),
                tie.getString("verdict"));
        assertTrue(tie.getDouble("ratioCiLow") > 0);
    }

    @Test
    void calculator_takes_the_ratio_from_the_leaderboard_and_shows_every_figure() {
        // R = 120000 / 50500 = 2.376237623762376; N = 4: CRPS 250, PRPS 594.0594, APRPS 2376.2376;
        // without = ceil(2000 / 250) = 8, with = ceil(623.76 / 594.06 = 1.05) = 2, saved 6
        JsonPath c = given().queryParam("scenario", "plaintext")
                .queryParam("from", "Spring MVC")
                .queryParam("to", "Netty")
                .queryParam("servers", 4)
                .queryParam("current", 1000)
                .queryParam("required", 3000)
                .queryParam("current", 5000)
                .queryParam("required", 3000)
                .get("/api/calculator")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertEquals("leaderboard", c.getString("ratioSource"));
        assertEquals(2.376237623762376, c.getDouble("ratio"), 1e-12);
        assertEquals(50500.0, c.getDouble("fromSlaThroughput"), 1e-9);
        assertEquals(120000.0, c.getDouble("toSlaThroughput"), 1e-9);
        assertEquals(250.0, c.getDouble("apis[0].perServerToday"), 1e-9);
        assertEquals(594.059405940594, c.getDouble("apis[0].perServerAfter"), 1e-9);
        assertEquals(2376.237623762376, c.getDouble("apis[0].systemAfter"), 1e-9);
        assertEquals(8, c.getInt("apis[0].serversToAddWithout"));
        assertEquals(2, c.getInt("apis[0].serversToAddWith"));
        assertEquals(6, c.getInt("apis[0].serversSaved"));
        // the second API already has more than it needs: never below 0
        assertEquals(0, c.getInt("apis[1].serversToAddWithout"));
        assertEquals(0, c.getInt("apis[1].serversToAddWith"));
        assertEquals(8, c.getInt("totals.serversToAddWithout"));
        assertEquals(6, c.getInt("totals.serversSaved"));

        JsonPath user = Api.json("/api/calculator?ratio=1.27&servers=3&current=300&required=1000");
        assertEquals("user", user.getString("ratioSource"));
        assertEquals(7, user.getInt("totals.serversToAddWithout")); // ceil(700 / 100)
        assertEquals(5, user.getInt("totals.serversToAddWith")); // ceil(619 / 127)
        given().get("/api/calculator?scenario=plaintext&from=Spring MVC&to=Nobody&servers=1&current=1&required=1")
                .then()
                .spec(Api.problem(400, "to"));
    }

    @Test
    void scaling_reports_per_vcpu_throughput_and_efficiency() {
        // T(1) = 67000 (trimmed mean of 66000, 67000, 68000), T(2) = 130000 (best concurrency, 1024):
        // E(2) = 130000 / (2 x 67000) = 0.9701492537313433
        JsonPath s = Api.json("/api/scaling?scenario=plaintext&framework=Netty");
        assertEquals(List.of(1, 2), s.getList("series[0].points.vcpus"));
        assertEquals(1.0, s.getDouble("series[0].points[0].efficiency"), 1e-12);
        assertEquals(0.9701492537313433, s.getDouble("series[0].points[1].efficiency"), 1e-12);
        assertEquals(65000.0, s.getDouble("series[0].points[1].perVcpu"), 1e-9);
        assertEquals(SignedRuns.CPU, s.getString("cpuModel"));
    }

    @Test
    void latency_lists_each_concurrency_of_the_latest_run() {
        Api.ok("/api/latency?scenario=plaintext&framework=Netty")
                .body("series[0].runId", equalTo(R2))
                .body("series[0].points.connections", contains(64, 256, 1024))
                .body("series[0].points[1].p90", closeTo(5.0, 1e-12))
                .body("series[0].points[1].p99", closeTo(10.0, 1e-12));
    }

    @Test
    void frameworks_lists_targets_without_baselines() {
        Api.ok("/api/frameworks")
                .body("items.framework", hasItem("Netty"))
                .body("items.framework", not(hasItem("nginx")))
                .body("items.find { it.framework == 'Netty' }.latestVersion", equalTo("4.2.7.Final"))
                .body("items.find { it.framework == 'Undertow' }.scenarios", contains("json"));
    }

    @Test
    void openapi_documents_the_read_endpoints_with_examples() {
        Api.ok("/q/openapi?format=json")
                .body(containsString("/api/leaderboard"))
                .body(containsString("/api/compare"))
                .body(containsString("/api/runs/{id}/cells"))
                .body(containsString("slaThroughput"));
    }

    private static List<String[]> parse(String csv) {
        return CsvTable.parse(csv).lines();
    }
}
