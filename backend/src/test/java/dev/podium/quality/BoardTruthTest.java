package dev.podium.quality;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.TestSigner;
import dev.podium.testing.V2Payloads;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the leaderboard owes a visitor beyond the figure: flagged rows ranked by the one flag policy, the
 * classification filter, the throughput at every concurrency, and the host settings that differ among the runs it
 * ranks. Runs are the v2 test payload: Vert.x Web at 64 connections (~120k req/s, 5 repeats) and 256 (~130k, 3 repeats),
 * the nginx baseline at 256. A revoked agent's runs are marked and unranked wherever they are listed, and can be left
 * out.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class BoardTruthTest extends EmptyDatabaseTest {

    private static final String RUN_A = "0b5f3a60-1d2e-4c3b-9a4f-5e6d7c8b9a01";
    private static final String RUN_B = "0b5f3a60-1d2e-4c3b-9a4f-5e6d7c8b9a02";

    /** The v2 run with results[2] (256 connections) renamed Jetty, flags as given on it, classifications set. */
    private static ObjectNode twoTargets(String... jettyFlags) {
        ObjectNode run = V2Payloads.full(RUN_A);
        ObjectNode vertx = (ObjectNode) run.get("results").get(1);
        ObjectNode jetty = (ObjectNode) run.get("results").get(2);
        ((ObjectNode) run.get("results").get(0)).put("classification", "bare-server");
        vertx.put("classification", "micro");
        jetty.put("framework", "Jetty").put("classification", "full-stack");
        jetty.remove("flags");
        if (jettyFlags.length > 0) {
            ArrayNode list = jetty.putArray("flags");
            Arrays.stream(jettyFlags).forEach(list::add);
        }
        return run;
    }

    private static void submit(ObjectNode run) {
        Api.store(V2Payloads.envelope(run));
    }

    @Test
    void a_noisy_row_is_ranked_by_its_interval_and_a_lower_bound_as_at_least_its_value() {
        submit(twoTargets("noisy"));
        // Jetty has the higher figure (130k against 120k) and is noisy: its wide interval ranks it, nothing else
        Api.ok("/api/leaderboard?scenario=plaintext")
                .body("flagged", equalTo("exclude"))
                .body("rows.framework", contains("Jetty", "Vert.x Web"))
                .body("rows.rank[0]", equalTo(1))
                .body("rows.excludedBy", contains(empty(), empty()))
                .body("rows.atLeast", contains(false, false));
        rows.resetWithTestAgent();
        submit(twoTargets("generator-saturated"));
        Api.ok("/api/leaderboard?scenario=plaintext")
                .body("rows.framework", contains("Jetty", "Vert.x Web"))
                .body("rows.rank[0]", equalTo(1))
                .body("rows.atLeast", contains(true, false))
                .body("rows.rankedBy", contains("throughput", "throughput"));
    }

    @Test
    void a_row_whose_figure_counts_failed_requests_is_listed_unranked_and_says_why_unless_the_visitor_opts_in() {
        submit(twoTargets("high-error-rate"));
        Api.ok("/api/leaderboard?scenario=plaintext")
                .body("rows.framework", contains("Vert.x Web", "Jetty"))
                .body("rows.rank", contains(1, null))
                .body("rows[1].excludedBy", contains("high-error-rate"))
                .body("rows[1].rankedBy", nullValue())
                .body("rows[0].excludedBy", empty());
        // opted in, Jetty (130k, its figure as measured) is ranked with Vert.x Web (120k): 8% apart, within the host's
        // drift, so the comparison engine cannot tell them apart
        Api.ok("/api/leaderboard?scenario=plaintext&flagged=include")
                .body("flagged", equalTo("include"))
                .body("rows.framework", contains("Jetty", "Vert.x Web"))
                .body("rows.rank", contains(1, 1))
                .body("rows.rankHigh", contains(2, 2))
                .body("rows[0].excludedBy", empty());
    }

    @Test
    void the_calculator_sizes_from_a_lower_bound_only_where_it_errs_on_the_safe_side() {
        submit(twoTargets("warmup-not-stable"));
        String toJetty =
                "/api/calculator?scenario=plaintext&from=Vert.x Web&to=Jetty&servers=4&current=1000&required=3000";
        Api.ok(toJetty).body("ratioAtLeast", equalTo(true));
        String fromJetty =
                "/api/calculator?scenario=plaintext&from=Jetty&to=Vert.x Web&servers=4&current=1000&required=3000";
        given().get(fromJetty)
                .then()
                .log()
                .ifValidationFails()
                .spec(Api.problem(400, "from"))
                .body("detail", startsWith("'Jetty' is flagged warmup-not-stable"));
        Api.ok(fromJetty + "&flagged=include").body("ratioAtLeast", equalTo(false));
    }

    @Test
    void the_calculator_refuses_a_figure_that_counts_failed_requests() {
        submit(twoTargets("high-error-rate"));
        given().get("/api/calculator?scenario=plaintext&from=Vert.x Web&to=Jetty&servers=4&current=1000&required=3000")
                .then()
                .spec(Api.problem(400, "to"))
                .body("detail", startsWith("'Jetty' is flagged high-error-rate"));
    }

    @Test
    void a_bad_flagged_or_classification_value_is_400_naming_it() {
        submit(twoTargets());
        given().get("/api/leaderboard?scenario=plaintext&flagged=sometimes")
                .then()
                .spec(Api.problem(400, "flagged"));
        given().get("/api/leaderboard?scenario=plaintext&classification=framework")
                .then()
                .spec(Api.problem(400, "classification"));
    }

    @Test
    void the_classification_filter_keeps_only_that_kind_of_target() {
        submit(twoTargets());
        Api.ok("/api/leaderboard?scenario=plaintext")
                .body("available.classifications", contains("full-stack", "micro"))
                .body("rows.classification", contains("full-stack", "micro"));
        Api.ok("/api/leaderboard?scenario=plaintext&classification=micro")
                .body("rows.framework", contains("Vert.x Web"));
        Api.ok("/api/leaderboard?scenario=plaintext&classification=bare-server").body("rows", empty());
    }

    @Test
    void a_row_carries_its_throughput_at_every_measured_concurrency() {
        ObjectNode run = V2Payloads.full(RUN_A);
        ((ObjectNode) run.get("results").get(2)).remove("flags");
        submit(run);
        Api.okDoubles("/api/leaderboard?scenario=plaintext")
                .body("rows.framework", contains("Vert.x Web"))
                .body("rows[0].throughputByConnections.connections", contains(64, 256))
                .body("rows[0].throughputByConnections.throughput", contains(120000.0, 130000.0))
                .body("rows[0].classification", nullValue());
    }

    @Test
    void runs_with_different_host_settings_ranked_together_are_named_with_the_setting_that_differs() {
        ObjectNode a = twoTargets();
        ((ArrayNode) a.get("results")).remove(2);
        submit(a);
        Api.ok("/api/leaderboard?scenario=plaintext").body("hostSettingsDiffer", empty());

        ObjectNode b = twoTargets();
        b.put("runId", RUN_B).put("startedAt", "2026-11-03T08:00:00Z").put("finishedAt", "2026-11-03T08:30:00Z");
        ((ObjectNode) b.get("host").get("settings")).put("governor", "powersave");
        ((ArrayNode) b.get("results")).remove(1);
        ((ArrayNode) b.get("results")).remove(0);
        submit(b);
        Api.ok("/api/leaderboard?scenario=plaintext")
                .body("rows.framework", contains("Jetty", "Vert.x Web"))
                .body("hostSettingsDiffer.setting", contains("governor"))
                .body("hostSettingsDiffer[0].values.value", contains("performance", "powersave"))
                .body(
                        "hostSettingsDiffer[0].values[0].targets",
                        contains("Vert.x Web (non-blocking)", "nginx (baseline)"))
                .body("hostSettingsDiffer[0].values[1].targets", contains("Jetty (non-blocking)"));
    }

    @Test
    void a_revoked_agents_rows_are_marked_and_can_be_left_out() {
        ObjectNode a = twoTargets();
        ((ArrayNode) a.get("results")).remove(2);
        submit(a); // Vert.x Web (and the baseline), by test-agent
        long other = Api.enrol("other-agent");
        ObjectNode b = twoTargets();
        b.put("runId", RUN_B).put("startedAt", "2026-11-03T08:00:00Z").put("finishedAt", "2026-11-03T08:30:00Z");
        ((ArrayNode) b.get("results")).remove(1);
        ((ArrayNode) b.get("results")).remove(0);
        Api.store(TestSigner.envelope(
                "other-agent", TestSigner.V2_PAYLOAD_TYPE, V2Payloads.bytes(b))); // Jetty, by other-agent
        Api.ok("/api/leaderboard?scenario=plaintext")
                .body("rows.framework", contains("Jetty", "Vert.x Web"))
                .body("rows.agentRevoked", contains(false, false));

        Api.revoke(other).then().statusCode(200);
        // a revoked key vouches for nothing: the row stays listed, marked and unranked, saying why
        Api.ok("/api/leaderboard?scenario=plaintext")
                .body("rows.framework", contains("Vert.x Web", "Jetty"))
                .body("rows.rank", contains(1, null))
                .body("rows[1].excludedBy", contains("revoked-agent"))
                .body("rows.agentRevoked", contains(false, true));
        Api.ok("/api/leaderboard?scenario=plaintext&format=csv")
                .body(org.hamcrest.Matchers.containsString(",agent_revoked,topology,at_least,time_to_peak_seconds,"));
        Api.ok("/api/frameworks/jetty").body("scenarios[0].rows[0].agentRevoked", equalTo(true));
        Api.ok("/api/leaderboard?scenario=plaintext&revoked=exclude")
                .body("rows.framework", contains("Vert.x Web"))
                .body("rows.rank", contains(1));
        given().get("/api/leaderboard?scenario=plaintext&revoked=sometimes")
                .then()
                .spec(Api.problem(400, "revoked"));
    }

    @Test
    void scaling_latency_history_and_compare_carry_the_flags_of_their_cells() {
        submit(twoTargets("noisy"));
        for (String api : List.of("scaling", "latency")) {
            Api.ok("/api/" + api + "?scenario=plaintext")
                    .body("series.find { it.framework == 'Jetty' }.points[0].flags", contains("noisy"))
                    .body(
                            "series.find { it.framework == 'Vert.x Web' }.points[0].flags",
                            org.hamcrest.Matchers.not(org.hamcrest.Matchers.hasItem("noisy")));
        }
        Api.ok("/api/history?scenario=plaintext&framework=Jetty").body("series[0].points[0].flags", contains("noisy"));
        io.restassured.path.json.JsonPath board = Api.json("/api/leaderboard?scenario=plaintext&flagged=include");
        long vertx = board.getLong("rows.find { it.framework == 'Vert.x Web' }.bestCellId");
        long jetty = board.getLong("rows.find { it.framework == 'Jetty' }.bestCellId");
        Api.ok("/api/compare?a=" + vertx + "&b=" + jetty)
                .body("b.flags", contains("noisy"))
                .body("a.flags", org.hamcrest.Matchers.not(org.hamcrest.Matchers.hasItem("noisy")));
    }

    @Test
    void no_regression_is_claimed_on_a_flagged_latest_run_unless_the_visitor_opts_in() {
        for (int day = 1; day <= 6; day++) {
            Api.store(dev.podium.leaderboard.SignedRuns.nettyDay(2, day, 100_000, 0));
        }
        Api.store(dev.podium.leaderboard.SignedRuns.nettyDay(
                2, 7, 85_000, 0.02)); // 15% slower, and 2% of its requests failed
        Api.ok("/api/history?scenario=plaintext&framework=Netty")
                .body("series[0].points[6].flags", contains("high-error-rate"))
                .body("series[0].points[6].regression", equalTo(false))
                .body(
                        "series[0].points[6].regressionDetail",
                        org.hamcrest.Matchers.endsWith(
                                ": not claimed: the latest run is flagged high-error-rate (flagged=include claims it)"));
        Api.ok("/api/history?scenario=plaintext&framework=Netty&flagged=include")
                .body("series[0].points[6].regression", equalTo(true));
    }
}
