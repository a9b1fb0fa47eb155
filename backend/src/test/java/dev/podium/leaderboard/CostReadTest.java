package dev.podium.leaderboard;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.testing.Api;
import dev.podium.testing.CsvTable;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.TestVectors;
import dev.podium.testing.V2Payloads;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The cost figures on the read side: rank by CPU or memory, generator-limited rows ranked by CPU per request, the CSV
 * columns and the calculator sized by CPU. One v2 run: Vert.x Web (64 connections, 5 repeats of ~120k req/s, 27 s CPU
 * each) and "Jetty" (the vector's 256-connection cell, 3 repeats of ~130k req/s, 31 s CPU each), both on 2 vCPUs with
 * 400 MB mean RSS. Expected figures: scipy 1.17 stats.t.interval(0.95, n - 1, ...) over the per-repeat values.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class CostReadTest extends EmptyDatabaseTest {

    private static final String RUN = "7f4e1c69-3a5d-4b8c-8e2f-9d1a3b4c5e06";
    // m x exp(-+ (high - low) / 2 / m) of the t intervals below (python: math.exp)
    private static final double LOW_CPU = 61712.63526523544;
    private static final double HIGH_CPU = 64116.785806527245;
    private static final double LOW_RSS = 3.018802498133555;

    /** The v2 run with results[2] as Jetty at 31 s CPU per repeat, with the given flags on both target cells. */
    private static void submit(String... flags) {
        ObjectNode run = V2Payloads.full(RUN);
        ObjectNode jetty = (ObjectNode) run.get("results").get(2);
        jetty.put("framework", "Jetty");
        for (int i = 1; i <= 2; i++) {
            ObjectNode cell = (ObjectNode) run.get("results").get(i);
            cell.remove("flags");
            if (flags.length > 0) {
                ArrayNode list = cell.putArray("flags");
                Arrays.stream(flags).forEach(list::add);
            }
        }
        for (int r = 0; r < 3; r++) {
            V2Payloads.usage(run, 2, r).put("targetCpuUserSeconds", 28.0).put("targetCpuSystemSeconds", 3.0);
        }
        Api.store(V2Payloads.envelope(run));
    }

    @Test
    void the_leaderboard_shows_repeats_noise_and_cost_and_ranks_by_throughput_by_default() {
        submit();
        Api.okDoubles("/api/leaderboard?scenario=plaintext")
                .body("rank", equalTo("throughput"))
                .body("rows.framework", contains("Jetty", "Vert.x Web"))
                .body("rows.rankedBy", contains("throughput", "throughput"))
                .body("rows.repeatCount", contains(3, 5))
                .body("rows.noisy", contains(false, false))
                // Jetty: requests / 31 s = 62903.22580645161, t interval (61701.223687862745, 64105.22792504048),
                // on the log scale around the mean: LOW_CPU, HIGH_CPU
                .body("rows[0].requestsPerCpuSecond.mean", closeTo(62903.22580645161, 1e-6))
                .body("rows[0].requestsPerCpuSecond.ciLow", closeTo(LOW_CPU, 1e-6))
                .body("rows[0].requestsPerCpuSecond.ciHigh", closeTo(HIGH_CPU, 1e-6))
                .body("rows[0].requestsPerCpuSecond.repeats", equalTo(3))
                // Jetty: 400 MB / (130000, 129000, 131000 req/s / 1000) = 3.077044461741781, t interval
                // (3.0182442437400283, 3.135844679743534), on the log scale LOW_RSS
                .body("rows[0].rssMbPerKrps.mean", closeTo(3.077044461741781, 1e-12))
                .body("rows[0].rssMbPerKrps.ciLow", closeTo(LOW_RSS, 1e-12));
    }

    @Test
    void rank_by_cpu_puts_the_target_with_the_most_requests_per_cpu_second_first() {
        submit();
        // Vert.x Web 66666.7 (65576.0, 67757.4) against Jetty 62903.2 (61701.2, 64105.2): 6% apart, within the
        // host's drift between the stretches of a run, so the comparison engine cannot tell them apart: both 1-2
        Api.ok("/api/leaderboard?scenario=plaintext&rank=cpu")
                .body("rank", equalTo("cpu"))
                .body("rows.framework", contains("Vert.x Web", "Jetty"))
                .body("rows.rank", contains(1, 1))
                .body("rows.rankHigh", contains(2, 2))
                .body("rows.rankedBy", contains("cpu", "cpu"));
        // both 400 MB: Jetty serves more per MB (3.08 against 3.33 MB per 1,000 req/s)
        Api.ok("/api/leaderboard?scenario=plaintext&rank=memory")
                .body("rows.framework", contains("Jetty", "Vert.x Web"))
                .body("rows.rankedBy", contains("memory", "memory"));
    }

    @Test
    void rows_limited_by_the_load_generator_rank_as_at_least_their_throughput_and_by_cost_as_measured() {
        submit("generator-saturated");
        // by throughput: lower bounds, placed by their figure (Jetty above Vert.x Web, as measured), marked atLeast
        Api.ok("/api/leaderboard?scenario=plaintext")
                .body("rows.framework", contains("Jetty", "Vert.x Web"))
                .body("rows.atLeast", contains(true, true))
                .body("rows.rankedBy", contains("throughput", "throughput"));
        // by CPU the cost of a request is measured whatever set the load: Vert.x Web's is the lower
        Api.ok("/api/leaderboard?scenario=plaintext&rank=cpu")
                .body("rows.framework", contains("Vert.x Web", "Jetty"))
                .body("rows.rankedBy", contains("cpu", "cpu"));
    }

    @Test
    void an_unknown_rank_is_400_naming_rank() {
        submit();
        given().get("/api/leaderboard?scenario=plaintext&rank=speed").then().spec(Api.problem(400, "rank"));
    }

    @Test
    void the_leaderboard_and_run_cells_csv_carry_the_cost_columns() {
        submit();
        CsvTable board = CsvTable.get("/api/leaderboard?scenario=plaintext");
        assertEquals("Jetty", board.value(0, "framework"));
        assertEquals(62903.22580645161, Double.parseDouble(board.value(0, "requests_per_cpu_second")), 1e-6);
        assertEquals("3", board.value(0, "repeat_count"));
        assertEquals("false", board.value(0, "noisy"));
        assertEquals("throughput", board.value(0, "ranked_by"));

        CsvTable cells = CsvTable.get("/api/runs/" + RUN + "/cells");
        assertTrue(
                cells.header()
                        .containsAll(List.of(
                                "requests_per_cpu_second",
                                "rps_per_vcpu",
                                "rss_mb_per_krps",
                                "rps_cv",
                                "noisy",
                                "startup_first_response_ms",
                                "startup_idle_rss_bytes",
                                "cpus")),
                cells.header().toString());
        assertEquals(66666.66666666667, Double.parseDouble(cells.value(1, "requests_per_cpu_second")), 1e-6);
        assertEquals(60000.0, Double.parseDouble(cells.value(1, "rps_per_vcpu")), 1e-6);
        assertEquals(850.5, Double.parseDouble(cells.value(1, "startup_first_response_ms")), 1e-9);
    }

    @Test
    void the_run_cells_endpoint_carries_startup_and_cost() {
        submit();
        Api.okDoubles("/api/runs/" + RUN + "/cells")
                .body("items[1].cpus", equalTo("0-1"))
                .body("items[1].startup.idleRssBytes", equalTo(120_000_000))
                .body("items[1].stats.requestsPerCpuSecond.mean", closeTo(66666.66666666667, 1e-6))
                .body("items[1].stats.rssMbPerKrps.repeats", equalTo(5));
    }

    @Test
    void the_calculator_sizes_by_cpu_with_the_ratio_of_requests_per_cpu_second() {
        submit();
        // R = 66666.66666666667 / 62903.22580645161 = 1.0598290598290598; 4 servers, 1000 -> 3000 req/s:
        // without: ceil(2000 / 250) = 8; with: ceil((3000 - 1059.83) / 264.957) = ceil(7.3226) = 8
        Api.okDoubles(
                        "/api/calculator?scenario=plaintext&from=Jetty&to=Vert.x Web&servers=4&current=1000&required=3000&by=cpu")
                .body("by", equalTo("cpu"))
                .body("ratio", closeTo(1.0598290598290598, 1e-12))
                .body("fromRequestsPerCpuSecond", closeTo(62903.22580645161, 1e-6))
                .body("totals.serversToAddWithout", equalTo(8))
                .body("totals.serversToAddWith", equalTo(8));
        given().get(
                        "/api/calculator?scenario=plaintext&from=Jetty&to=Vert.x Web&servers=4&current=1&required=3&by=memory")
                .then()
                .spec(Api.problem(400, "by"));
    }

    @Test
    void sizing_by_cpu_on_a_v1_run_is_400_naming_the_framework_without_cpu_figures() {
        Api.store(TestVectors.envelope("full"));
        given().get(
                        "/api/calculator?scenario=plaintext&from=Vert.x Web&to=Vert.x Web&servers=4&current=1&required=3&by=cpu")
                .then()
                .spec(Api.problem(400, "from"));
    }
}
