package dev.podium.cost;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.V2Payloads;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * Cost at a fixed load (methodology section 4): a run's fixed-rate cost cells at 10,000 req/s offered on 2 vCPUs, each
 * 3 repeats of 15 s (150,000 requests): nginx (the baseline) 0.45 CPU-s a repeat (3 µs a request), Vert.x Web 1.5 CPU-s
 * (10 µs), Quarkus REST 3.0 CPU-s (20 µs) and Helidon SE, which held only 9,000 req/s (rate-not-held). The rates list
 * names the rung, the leaderboard at it ranks by CPU per request with Helidon unranked, the calculator sizes by CPU
 * from it and refuses the cell that did not hold its rate.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class CostAtRateTest extends EmptyDatabaseTest {

    private static final String RUN = "7f4e1c69-3a5d-4b8c-8e2f-9d1a3b4c5e28";

    /** A cost cell from the vector's first cell: framework, its CPU seconds per repeat, its achieved rate. */
    private static ObjectNode costCell(ObjectNode run, String framework, String ioModel, double cpu, double achieved) {
        ObjectNode cell = ((ObjectNode) run.get("results").get(0)).deepCopy();
        cell.put("framework", framework);
        cell.put("ioModel", ioModel);
        cell.put("baseline", framework.equals("nginx"));
        cell.put("loadModel", "open");
        cell.put("targetRate", 10000.0);
        cell.put("connections", 108);
        cell.put("achievedRate", achieved);
        cell.remove("warmupSeconds");
        ObjectNode ladder = cell.putObject("costLadder");
        ladder.putArray("rates").add(2000.0).add(5000.0).add(10000.0);
        ladder.put("capacityRequestsPerSecond", 132000.0);
        ladder.put("share", 0.1);
        if (achieved < 9800) {
            cell.putArray("flags").add("rate-not-held");
        }
        for (var repeat : cell.get("repeats")) {
            ObjectNode r = (ObjectNode) repeat;
            r.put("requests", (long) (achieved * 15));
            r.put("requestsPerSecond", achieved);
            ((ObjectNode) r.get("usage"))
                    .put("targetCpuUserSeconds", cpu * 0.9)
                    .put("targetCpuSystemSeconds", cpu * 0.1);
        }
        return cell;
    }

    private static ObjectNode run() {
        ObjectNode template = V2Payloads.full(RUN);
        ObjectNode run = V2Payloads.full(RUN);
        ArrayNode cells = run.putArray("results");
        cells.add(costCell(template, "nginx", "non-blocking", 0.45, 10000));
        cells.add(costCell(template, "Vert.x Web", "non-blocking", 1.5, 10000));
        cells.add(costCell(template, "Quarkus REST", "non-blocking", 3.0, 9990));
        cells.add(costCell(template, "Helidon SE", "virtual-threads", 1.2, 9000));
        return run;
    }

    private static ObjectNode withCell(ObjectNode cell) {
        ObjectNode run = V2Payloads.full(RUN);
        run.putArray("results").add(cell);
        return run;
    }

    @Test
    void the_rates_measured_are_listed_with_the_cells_that_did_not_hold_them() {
        Api.store(V2Payloads.envelope(run()));
        Api.okDoubles("/api/cost/rates")
                .body("scenario", equalTo("plaintext"))
                .body("jvmMode", equalTo("default"))
                .body("vcpus", equalTo(2))
                .body("vcpusAvailable", contains(2))
                .body("rates", hasSize(1))
                .body("rates[0].offeredRate", closeTo(10000, 1e-9))
                .body("rates[0].targets", equalTo(4))
                .body("rates[0].runs", equalTo(1))
                .body("rates[0].notHeld", equalTo(1));
        // one framework's cost cells: where and at which rates it was measured; a framework without any has none
        Api.okDoubles("/api/cost/rates?framework=Helidon SE")
                .body("framework", equalTo("Helidon SE"))
                .body("vcpus", equalTo(2))
                .body("rates.offeredRate", contains(closeTo(10000, 1e-9)))
                .body("rates[0].targets", equalTo(1))
                .body("rates[0].notHeld", equalTo(1));
        Api.ok("/api/cost/rates?framework=Netty").body("hostClass", nullValue()).body("rates", hasSize(0));
        // the cells are of the default JVM mode: none from an AOT cache; an unknown mode is refused, naming it
        Api.okDoubles("/api/cost/rates?jvmMode=aot-cache")
                .body("jvmMode", equalTo("aot-cache"))
                .body("rates", hasSize(0));
        given().get("/api/cost/rates?jvmMode=native").then().spec(Api.problem(400, "jvmMode"));
        // no cost cell on another scenario: an empty list, not an error
        Api.ok("/api/cost/rates?scenario=json").body("rates", hasSize(0));
        given().get("/api/cost/rates?vcpus=zero").then().spec(Api.problem(400, "vcpus"));
        // a cell filter the cost rates do not take is refused, named
        given().get("/api/cost/rates?ioModel=blocking").then().spec(Api.problem(400, "ioModel"));
    }

    @Test
    void the_cost_at_a_rate_ranks_by_cpu_per_request_and_leaves_a_rate_not_held_unranked() {
        Api.store(V2Payloads.envelope(run()));
        Api.okDoubles("/api/leaderboard?scenario=plaintext&loadModel=open&targetRate=10000&rank=cpu&vcpus=2")
                .body("rows.framework", contains("Vert.x Web", "Quarkus REST", "Helidon SE"))
                .body("rows.rank", contains(1, 2, null))
                // 150,000 requests over 1.5 CPU-s: 100,000 requests per CPU-second, 10 µs a request
                .body("rows[0].requestsPerCpuSecond.mean", closeTo(100000, 1e-6))
                .body("rows[1].requestsPerCpuSecond.mean", closeTo(149850.0 / 3.0, 1e-6))
                .body("rows[2].excludedBy", contains("rate-not-held"))
                .body("rows[2].rank", nullValue());
    }

    @Test
    void the_calculator_sizes_a_fleet_by_cpu_at_the_rate_and_refuses_a_rate_not_held() {
        Api.store(V2Payloads.envelope(run()));
        String at =
                "/api/calculator?scenario=plaintext&targetRate=10000&by=cpu&servers=10" + "&current=1000&required=2000";
        // Quarkus REST to Vert.x Web: 100,000 / 49,950 requests per CPU-second, about twice: twice the load on the same
        // 10 servers after the move, where today 10 more would be needed
        Api.doubles()
                .get(at + "&from=Quarkus REST&to=Vert.x Web")
                .then()
                .log()
                .ifValidationFails()
                .statusCode(200)
                .body("ratio", closeTo(100000 / 49950.0, 1e-9))
                .body("totals.serversToAddWithout", equalTo(10))
                .body("totals.serversToAddWith", equalTo(0));
        given().get(at + "&from=Vert.x Web&to=Helidon SE").then().spec(Api.problem(400, "to"));
    }

    @Test
    void a_runs_cells_carry_each_cost_cells_ladder_and_achieved_rate_in_json_csv_and_the_run() {
        ObjectNode run = run();
        // rates given by hand: the ladder has no capacity or share
        ObjectNode byHand = (ObjectNode) run.get("results").get(2).get("costLadder");
        byHand.remove("capacityRequestsPerSecond");
        byHand.remove("share");
        Api.store(V2Payloads.envelope(run));
        for (String path : new String[] {"/api/runs/" + RUN + "/cells", "/api/runs/" + RUN}) {
            String items = path.endsWith("/cells") ? "items" : "cells";
            Api.okDoubles(path)
                    .body(items + ".framework", contains("nginx", "Vert.x Web", "Quarkus REST", "Helidon SE"))
                    .body(items + ".achievedRate", contains(10000.0, 10000.0, 9990.0, 9000.0))
                    .body(items + "[3].targetRate", closeTo(10000, 1e-9))
                    .body(items + "[3].costLadder.rates", contains(2000.0, 5000.0, 10000.0))
                    .body(items + "[3].costLadder.capacityRequestsPerSecond", closeTo(132000, 1e-9))
                    .body(items + "[3].costLadder.share", closeTo(0.1, 1e-12))
                    .body(items + "[2].costLadder.rates", contains(2000.0, 5000.0, 10000.0))
                    .body(items + "[2].costLadder.capacityRequestsPerSecond", nullValue())
                    .body(items + "[2].costLadder.share", nullValue());
        }
        String csv = Api.ok("/api/runs/" + RUN + "/cells?format=csv").extract().asString();
        java.util.List<String> lines = csv.lines().toList();
        org.junit.jupiter.api.Assertions.assertTrue(
                lines.get(0)
                        .endsWith(",achieved_rate,cost_ladder_rates,cost_ladder_capacity,cost_ladder_share,topology"),
                lines.get(0));
        org.junit.jupiter.api.Assertions.assertTrue(
                lines.get(4).endsWith(",9000.0,2000.0 5000.0 10000.0,132000.0,0.1,single"), lines.get(4));
        org.junit.jupiter.api.Assertions.assertTrue(
                lines.get(3).endsWith(",9990.0,2000.0 5000.0 10000.0,,,single"), lines.get(3));
    }

    @Test
    void a_cost_cell_without_its_achieved_rate_or_on_the_delay_scenario_is_refused_and_nothing_is_stored() {
        ObjectNode cell = costCell(V2Payloads.full(RUN), "Vert.x Web", "non-blocking", 1.5, 10000);
        cell.remove("achievedRate");
        Api.submit(V2Payloads.envelope(withCell(cell))).then().statusCode(422);
        ObjectNode delay = costCell(V2Payloads.full(RUN), "Vert.x Web", "non-blocking", 1.5, 10000);
        delay.put("scenario", "delay");
        delay.put("delayMs", 100);
        Api.submit(V2Payloads.envelope(withCell(delay))).then().statusCode(422);
        assertEquals(0, rows.counts().runs());
    }
}
