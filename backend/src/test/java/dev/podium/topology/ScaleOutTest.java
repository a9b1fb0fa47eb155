package dev.podium.topology;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.testing.Api;
import dev.podium.testing.CsvTable;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.TestVectors;
import dev.podium.testing.V2Payloads;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Scale-out end to end: a signed v2 run whose Vert.x Web cells ran as nginx-2 (two instances behind nginx on the same 2
 * vCPUs in total) is stored with its topology and the balancer's CPU time, is a row of its own beside the
 * single-instance Vert.x Web row (never pooled with it), is separated by the topology filter, and is the scale-out
 * series at 2 total vCPUs in the scaling answer. Payloads without topology (v1, the v2 vectors) are single.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class ScaleOutTest extends EmptyDatabaseTest {

    private static final String SINGLE_RUN = "0b5f3a60-1d2e-4c3b-9a4f-5e6d7c8b9a11";
    private static final String SCALE_OUT_RUN = "0b5f3a60-1d2e-4c3b-9a4f-5e6d7c8b9a12";

    /** The v2 test run with its Vert.x Web cells (results[1], results[2]) measured as nginx-2, and its balancer. */
    static ObjectNode scaleOut(String runId, String topology) {
        ObjectNode run = V2Payloads.full(runId);
        for (int i = 1; i <= 2; i++) {
            V2Payloads.balancedCell(run, i, topology, 1.5, 0.5);
        }
        V2Payloads.companion(run, "balancer", "nginx", "1.26.0", "3").put("worker_processes", "1");
        return run;
    }

    @Test
    void balancer_cpu_above_what_the_host_had_is_422_naming_the_field_and_the_limit() {
        // the host's 4 vCPUs over a 15 s repeat: at most 15 x 4 x 1.05 + 0.05 = 63.05 s of the balancer's user + system
        ObjectNode run = scaleOut(SCALE_OUT_RUN, "nginx-2");
        V2Payloads.usage(run, 1, 0).put("balancerCpuUserSeconds", 60.0).put("balancerCpuSystemSeconds", 3.1);
        V2Payloads.refusal(run, "results[1].repeats[0].usage.balancerCpuUserSeconds")
                .body(
                        "detail",
                        containsString("user + system CPU 63.100 s is more than the host's 4 vCPUs can give in 15.000 s"
                                + " (at most 63.050 s)"));
        assertEquals(0, rows.counts().runs());
    }

    private static void submit(JsonNode run) {
        Api.store(V2Payloads.envelope(run));
    }

    private void submitBoth() {
        submit(V2Payloads.full(SINGLE_RUN));
        submit(scaleOut(SCALE_OUT_RUN, "nginx-2"));
    }

    @Test
    void a_scale_out_run_is_stored_with_its_topology_and_the_balancers_cpu() {
        submit(scaleOut(SCALE_OUT_RUN, "nginx-2"));
        Api.okDoubles("/api/runs/" + SCALE_OUT_RUN)
                .body("cells.topology", contains("single", "nginx-2", "nginx-2", "single"))
                .body("cells[1].repeats[0].usage.balancerCpuUserSeconds", equalTo(1.5))
                .body("cells[1].repeats[0].usage.balancerCpuSystemSeconds", equalTo(0.5))
                .body("cells[0].repeats[0].usage.balancerCpuUserSeconds", nullValue());
        Api.ok("/api/runs/" + SCALE_OUT_RUN + "/cells?format=csv")
                .body(containsString(",topology\r\n"))
                .body(containsString(",nginx-2\r\n"));
    }

    @Test
    void the_scale_out_target_is_its_own_labelled_row_and_the_filter_separates_it() {
        submitBoth();
        // default: single instances only, today's ranking; the toggle's values are listed
        Api.ok("/api/leaderboard?scenario=plaintext")
                .body("topology", equalTo("single"))
                .body("available.topologies", contains("single", "nginx-2"))
                .body("rows.framework", contains("Vert.x Web"))
                .body("rows.topology", contains("single"))
                .body("rows.runId", contains(SINGLE_RUN));
        // all: the nginx-2 row beside the single one of the same framework, each pooled over its own series only
        Api.ok("/api/leaderboard?scenario=plaintext&topology=all&segments=include")
                .body("topology", equalTo("all"))
                .body("rows", hasSize(2))
                .body("rows.framework", everyItem(equalTo("Vert.x Web")))
                .body("rows.topology", containsInAnyOrder("single", "nginx-2"))
                .body("rows.find { it.topology == 'nginx-2' }.runId", equalTo(SCALE_OUT_RUN))
                .body("rows.find { it.topology == 'single' }.runId", equalTo(SINGLE_RUN))
                .body("segments.runs", everyItem(equalTo(1)));
        Api.ok("/api/leaderboard?scenario=plaintext&topology=nginx-2")
                .body("rows.topology", contains("nginx-2"))
                .body("rows.runId", contains(SCALE_OUT_RUN))
                .body("baseline", nullValue()); // these runs measured the baseline as a single instance only
        Api.ok("/api/leaderboard?scenario=plaintext&topology=nginx-3").body("rows", hasSize(0));
        given().get("/api/leaderboard?scenario=plaintext&topology=cluster")
                .then()
                .spec(Api.problem(400, "topology"));
        CsvTable csv = CsvTable.get("/api/leaderboard?scenario=plaintext&topology=all");
        List<String> header = csv.header();
        int at = header.indexOf("topology");
        assertEquals(header.indexOf("at_least") - 1, at, header.toString()); // then at_least, added since
        assertEquals(
                List.of("nginx-2", "single"),
                csv.column("topology").stream().sorted().toList());
    }

    @Test
    void a_scale_out_row_is_measured_against_the_baseline_behind_nginx() {
        submit(V2Payloads.full(SINGLE_RUN));
        // the scale-out run's nginx baseline also ran as nginx-2, at half the single baseline's 200,000 req/s
        ObjectNode run = scaleOut(SCALE_OUT_RUN, "nginx-2");
        ObjectNode baseline = (ObjectNode) run.get("results").get(0);
        baseline.put("topology", "nginx-2");
        for (JsonNode repeat : baseline.get("repeats")) {
            ((ObjectNode) repeat)
                    .put("requestsPerSecond", repeat.get("requestsPerSecond").doubleValue() / 2);
        }
        submit(run);
        Api.okDoubles("/api/leaderboard?scenario=plaintext&topology=nginx-2")
                .body("baseline.runId", equalTo(SCALE_OUT_RUN))
                .body("baseline.bestThroughput", equalTo(100_000.0));
        Api.okDoubles("/api/leaderboard?scenario=plaintext")
                .body("baseline.runId", equalTo(SINGLE_RUN))
                .body("baseline.bestThroughput", equalTo(200_000.0));
        // the same cells' shares: against 100,000 behind nginx, 200,000 for the single instance
        io.restassured.path.json.JsonPath all = Api.okDoubles("/api/leaderboard?scenario=plaintext&topology=all")
                .extract()
                .jsonPath();
        double single = all.getDouble("rows.find { it.topology == 'single' }.baselineShare");
        double scaled = all.getDouble("rows.find { it.topology == 'nginx-2' }.baselineShare");
        assertEquals(2 * single, scaled, 1e-9);
    }

    @Test
    void the_scaling_answer_has_the_scale_out_series_at_its_total_vcpus() {
        submitBoth();
        Api.okDoubles("/api/scaling?scenario=plaintext&framework=Vert.x Web")
                .body("series.topology", contains("single", "nginx-2"))
                .body("series.framework", everyItem(equalTo("Vert.x Web")))
                .body("series[0].points.vcpus", contains(2))
                .body("series[0].points[0].vsSingle", nullValue())
                .body("series[1].points.vcpus", contains(2))
                .body("series[1].points[0].vsSingle", notNullValue());
        Api.ok("/api/scaling?scenario=plaintext&topology=single").body("series.topology", everyItem(equalTo("single")));
    }

    @Test
    void a_single_and_a_scale_out_cell_are_not_comparable() {
        submitBoth();
        long single = given().get("/api/runs/" + SINGLE_RUN)
                .then()
                .extract()
                .jsonPath()
                .getLong("cells[1].id");
        long scaled = given().get("/api/runs/" + SCALE_OUT_RUN)
                .then()
                .extract()
                .jsonPath()
                .getLong("cells[1].id");
        Api.ok("/api/compare?a=" + single + "&b=" + scaled)
                .body("comparable", equalTo(false))
                .body("a.topology", equalTo("single"))
                .body("b.topology", equalTo("nginx-2"));
    }

    @Test
    void more_instances_than_vcpus_and_an_unknown_topology_are_refused() {
        V2Payloads.refusal(scaleOut(SCALE_OUT_RUN, "nginx-4"), "results[1].topology")
                .body("errors.field", contains("results[1].topology", "results[2].topology"));
        V2Payloads.refusal(scaleOut(SCALE_OUT_RUN, "nginx-0"), "results[1].topology");
    }

    @Test
    void a_v1_payload_and_the_v2_vectors_verify_and_are_single() {
        Api.store(TestVectors.envelope("full"));
        submit(V2Payloads.full(SINGLE_RUN));
        Api.ok("/api/runs/" + TestVectors.FULL_ID).body("cells.topology", everyItem(equalTo("single")));
        rows.query(
                "select count(*), count(*) filter (where topology = 'single'),"
                        + " count(r.balancer_cpu_user_seconds) from cells join repeats r on r.cell_id = cells.id",
                rs -> {
                    assertEquals(rs.getLong(1), rs.getLong(2));
                    assertEquals(0, rs.getLong(3));
                });
    }
}
