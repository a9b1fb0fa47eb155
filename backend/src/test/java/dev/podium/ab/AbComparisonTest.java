package dev.podium.ab;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.testing.Api;
import dev.podium.testing.AtOnce;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.TestSigner;
import dev.podium.testing.TestVectors;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** POST /api/ab and its reads against the real database: signed like a run, kept once, served back as signed. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class AbComparisonTest extends EmptyDatabaseTest {

    private static final String ID = "3f1c2b9a-7d64-4e0b-9a55-1c2d3e4f5a6b";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** schema/testdata/ab/comparison.json, the comparison an agent writes with --json, edited by change. */
    private static byte[] payload(Consumer<ObjectNode> change) {
        ObjectNode report = (ObjectNode) TestVectors.read("ab/comparison.json");
        change.accept(report);
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(report);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] signed(String key, byte[] payload) {
        return TestSigner.envelope(key, AbService.PAYLOAD_TYPE, payload);
    }

    private static Response post(byte[] envelope) {
        return given().contentType("application/json").body(envelope).post("/api/ab");
    }

    private long stored() {
        return rows.scalar("select count(*) from ab_comparisons");
    }

    @Test
    void a_signed_comparison_is_kept_and_served_with_its_verdicts_and_envelope() {
        byte[] envelope = signed("test-agent", payload(r -> {}));
        post(envelope)
                .then()
                .statusCode(201)
                .header("Location", endsWith("/api/ab/" + ID))
                .body("id", equalTo(ID));

        Api.okDoubles("/api/ab/" + ID)
                .body("id", equalTo(ID))
                .body("agentName", equalTo("test-agent"))
                .body("hostClass", equalTo("Podium Test CPU @ 3.00GHz · 4 vCPU · 16 GiB"))
                .body("report.framework.name", equalTo("Netty"))
                .body("report.variants[1].jvmFlags[0]", equalTo("-XX:+UseParallelGC"))
                .body("report.cells[0].figures[0].name", equalTo("throughput"))
                .body("report.cells[0].figures[0].ratio", closeTo(0.904714, 1e-9))
                .body("report.cells[0].figures[0].low", closeTo(0.90094, 1e-9))
                .body("report.cells[0].figures[0].verdict", equalTo("slower"))
                .body("report.cells[0].figures[0].pairs", hasSize(3))
                .body("report.cells[0].figures[1].verdict", equalTo("cannot tell"));
        String served = Api.json("/api/ab/" + ID).getString("envelope");
        assertArrayEquals(envelope, served.getBytes(StandardCharsets.UTF_8));

        Api.ok("/api/ab?framework=netty")
                .body("items", hasSize(1))
                .body("items[0].id", equalTo(ID))
                .body("items[0].b", equalTo("JVM flags -XX:+UseParallelGC"))
                .body("items[0].rounds", equalTo(3));
        Api.ok("/api/ab?framework=Jetty").body("items", hasSize(0));
    }

    @Test
    void the_list_is_newest_first_and_bounded() {
        for (String id : List.of(
                "00000000-0000-4000-8000-000000000001",
                "00000000-0000-4000-8000-000000000002",
                "00000000-0000-4000-8000-000000000003")) {
            post(signed("test-agent", payload(r -> r.put("runId", id)))).then().statusCode(201);
        }
        Api.ok("/api/ab?framework=Netty&limit=2")
                .body("items", hasSize(2))
                .body("items[0].id", equalTo("00000000-0000-4000-8000-000000000003"))
                .body("items[1].id", equalTo("00000000-0000-4000-8000-000000000002"));
        given().get("/api/ab?limit=101").then().spec(Api.problem(400, "limit"));
        given().get("/api/ab?frameworks=Netty").then().spec(Api.problem(400));
    }

    @Test
    void a_signature_that_does_not_verify_is_refused_and_nothing_is_kept() throws Exception {
        ObjectNode envelope = (ObjectNode) JSON.readTree(signed("test-agent", payload(r -> {})));
        // the payload changed after signing: B's throughput ratio made better than measured
        byte[] tampered = payload(r -> ((ObjectNode) r.at("/cells/0/figures/0")).put("ratio", 0.905));
        envelope.put("payload", Base64.getEncoder().encodeToString(tampered));
        post(JSON.writeValueAsBytes(envelope)).then().spec(Api.problem(401, "signatures[0].sig"));
        assertEquals(0, stored());
    }

    @Test
    void a_key_no_agent_enrolled_is_refused_and_nothing_is_kept() {
        post(signed("other-agent", payload(r -> {})))
                .then()
                .spec(Api.problem(401, "signatures[0].keyid"))
                .body("detail", containsString("no enrolled agent"));
        assertEquals(0, stored());
    }

    @Test
    void a_comparison_that_breaks_the_schema_or_a_rule_is_400_naming_the_field_and_nothing_is_kept() {
        post(signed("test-agent", payload(r -> ((ObjectNode) r.at("/cells/0/figures/0")).put("verdict", "better"))))
                .then()
                .spec(Api.problem(400, "cells[0].figures[0].verdict"));
        post(signed("test-agent", payload(r -> ((ObjectNode) r.at("/cells/0/figures/0")).put("ratio", 1.2))))
                .then()
                .spec(Api.problem(400, "cells[0].figures[0].ratio"))
                .body("detail", containsString("within low and high"));
        post(signed("test-agent", payload(r -> ((ArrayNode) r.at("/cells/0/figures/0/pairs")).remove(0))))
                .then()
                .spec(Api.problem(400, "cells[0].figures[0].pairs"));
        post(signed("test-agent", payload(r -> r.remove("host")))).then().spec(Api.problem(400, "host"));
        post(signed("test-agent", payload(r -> ((ObjectNode) r.get("host")).put("vcpus", 0))))
                .then()
                .spec(Api.problem(400, "host.vcpus"));
        post(signed("test-agent", payload(r -> r.withArray("variants").remove(1))))
                .then()
                .spec(Api.problem(400, "variants"));
        post(signed("test-agent", payload(r -> r.withArray("/variants/1/env").add("MAX=1\u0000"))))
                .then()
                .spec(Api.problem(400, "variants[1].env[0]"));
        post(signed("test-agent", "{\"runId\": 1,".getBytes(StandardCharsets.UTF_8)))
                .then()
                .spec(Api.problem(400));
        // a run's envelope is not a comparison
        post(TestVectors.envelope("full"))
                .then()
                .spec(Api.problem(400, "payloadType"))
                .body("detail", containsString(AbService.PAYLOAD_TYPE));
        assertEquals(0, stored());
    }

    @Test
    void eight_identical_submissions_at_once_keep_one_row_and_answer_one_201_and_no_5xx() {
        byte[] envelope = signed("test-agent", payload(r -> {}));
        List<Integer> statuses = new ArrayList<>();
        for (Response r : AtOnce.race(8, () -> post(envelope))) {
            statuses.add(r.statusCode());
            assertEquals(ID, r.jsonPath().getString("id"), "answer " + r.asString());
        }
        assertEquals(1, Collections.frequency(statuses, 201), "statuses " + statuses);
        assertTrue(statuses.stream().allMatch(s -> s == 201 || s == 200), "statuses " + statuses);
        assertEquals(1, stored());

        // the same runId with other bytes is a conflict, and changes nothing
        post(signed("test-agent", payload(r -> r.put("profile", "nightly"))))
                .then()
                .spec(Api.problem(409, "runId"));
        assertEquals(1, stored());
        Api.ok("/api/ab/" + ID).body("report.profile", equalTo("quick"));
    }

    @Test
    void an_unknown_or_malformed_id_is_404_for_the_api_and_the_page() {
        given().get("/api/ab/" + ID).then().spec(Api.problem(404));
        given().get("/api/ab/not-a-uuid").then().spec(Api.problem(404));
        Api.assertSitePage("text/html", "/ab/" + ID, 404);
        Api.assertSitePage("text/html", "/ab/not-a-uuid", 404);
        post(signed("test-agent", payload(r -> {}))).then().statusCode(201);
        Api.assertSitePage("text/html", "/ab/" + ID, 200);
        Api.assertSitePage("text/html", "/ab/00000000-0000-4000-8000-00000000000f", 404);
    }
}
