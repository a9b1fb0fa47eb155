package dev.podium.run;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.TestSigner;
import dev.podium.testing.V2Payloads;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * A run kept target by target (issue 24) arrives as parts, each a run of its own that verifies on its own; the
 * service shows them as one run: its parts, the targets done, failed and not measured, complete or interrupted.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class RunPartsTest extends EmptyDatabaseTest {

    static final String RUN = "7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
    static final String[] PART = {
        "00000000-0000-0000-0000-000000000000",
        "11111111-1111-8111-8111-111111111111",
        "22222222-2222-8222-8222-222222222222",
        "33333333-3333-8333-8333-333333333333"
    };

    /** Part index of RUN, planned alpha, beta and gamma on 1 vCPU, completing the given target. */
    static ObjectNode part(int index, String target, String status, boolean cells) {
        ObjectNode run = V2Payloads.full(PART[index]);
        if (!cells) {
            run.putArray("results");
        }
        ObjectNode part = run.putObject("part");
        part.put("runId", RUN);
        part.put("index", index);
        ArrayNode planned = part.putArray("planned");
        for (String t : new String[] {"alpha", "beta", "gamma"}) {
            planned.addObject().put("target", t).put("vcpus", 1).put("topology", "single");
        }
        ArrayNode targets = part.putArray("targets");
        if (target != null) {
            ObjectNode t =
                    targets.addObject().put("target", target).put("vcpus", 1).put("topology", "single");
            t.put("status", status);
            if (status.equals("failed")) {
                t.put("reason", "did not start: exit status 1");
            }
        }
        return run;
    }

    @Test
    void parts_make_one_run_that_is_interrupted_until_every_planned_target_is_done_or_failed() {
        Api.store(V2Payloads.envelope(part(1, "alpha", "done", true)));
        Api.store(V2Payloads.envelope(part(2, "beta", "failed", false)));

        Api.ok("/api/runs/" + PART[2] + "/parts")
                .body("runId", equalTo(RUN))
                .body("inParts", equalTo(true))
                .body("status", equalTo("interrupted"))
                .body("parts.index", contains(1, 2))
                .body("parts.id", contains(PART[1], PART[2]))
                .body("parts.cellCount", contains(4, 0))
                .body("planned.target", contains("alpha", "beta", "gamma"))
                .body("done.target", contains("alpha"))
                .body("failed.target", contains("beta"))
                .body("failed[0].reason", equalTo("did not start: exit status 1"))
                .body("notMeasured.target", contains("gamma"));
        // each part is a run of its own: its cells, its envelope
        Api.ok("/api/runs/" + PART[1]).body("cells.size()", equalTo(4));
        Api.ok("/api/runs/" + PART[2]).body("cells", empty());

        Api.store(V2Payloads.envelope(part(3, "gamma", "done", true)));
        given().get("/api/runs/" + RUN + "/parts") // by the run's own id too
                .then()
                .statusCode(200)
                .body("status", equalTo("complete"))
                .body("parts.index", contains(1, 2, 3))
                .body("done.target", contains("alpha", "gamma"))
                .body("notMeasured", empty());
    }

    @Test
    void a_part_sent_again_is_the_same_run_and_another_run_under_a_taken_index_changes_nothing() {
        byte[] first = V2Payloads.envelope(part(1, "alpha", "done", true));
        Api.store(first);
        Api.submit(first).then().statusCode(200);

        ObjectNode other = part(1, "beta", "done", true);
        other.put("runId", PART[3]); // index 1 of RUN again, under another runId: would store alpha's cells twice
        Api.submit(V2Payloads.envelope(other))
                .then()
                .statusCode(409)
                .body("type", org.hamcrest.Matchers.endsWith("part-conflict"));
        given().get("/api/runs/" + PART[3]).then().statusCode(404);

        Api.enrol("other-agent");
        ObjectNode foreign = part(2, "beta", "done", true);
        Api.submit(TestSigner.envelope("other-agent", TestSigner.V2_PAYLOAD_TYPE, V2Payloads.bytes(foreign)))
                .then()
                .statusCode(409)
                .body("detail", equalTo("run " + RUN + " has parts signed by another agent"));
        Api.ok("/api/runs/" + RUN + "/parts").body("parts.index", contains(1));
    }

    @Test
    void a_part_that_names_a_target_it_did_not_plan_or_a_whole_run_without_cells_is_refused() {
        V2Payloads.refusal(part(1, "delta", "done", true), "part.targets[0]");
        ObjectNode empty = V2Payloads.full(PART[1]);
        empty.putArray("results");
        V2Payloads.refusal(empty, "results");
        given().get("/api/runs/" + PART[1] + "/parts").then().statusCode(404);
    }

    @Test
    void a_whole_run_is_complete_and_has_no_parts() {
        Api.store(V2Payloads.envelope(V2Payloads.full(PART[1])));
        Api.ok("/api/runs/" + PART[1] + "/parts")
                .body("inParts", equalTo(false))
                .body("status", equalTo("complete"))
                .body("parts", empty())
                .body("runId", equalTo(PART[1]));
    }
}
