package dev.podium.run;

import static dev.podium.testing.TestVectors.FULL_ID;
import static dev.podium.testing.TestVectors.MINIMAL_ID;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.TestVectors;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** GET /api/runs, /api/runs/{id} and their parameters, in the shapes of schema/read-api.md. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class RunReadTest extends EmptyDatabaseTest {

    @BeforeEach
    void storeTwoRuns() {
        Api.store(TestVectors.envelope("minimal"));
        Api.store(TestVectors.envelope("full"));
    }

    @Test
    void lists_runs_newest_received_first_with_paging() {
        Api.ok("/api/runs?page=0&size=1")
                .body("items", hasSize(1))
                .body("items[0].id", equalTo(FULL_ID))
                .body("items[0].agentName", equalTo("test-agent"))
                .body("items[0].keyid", equalTo(TestVectors.key("test-agent").keyid()))
                .body("items[0].hostClass", notNullValue())
                .body("page", equalTo(0))
                .body("size", equalTo(1))
                .body("total", equalTo(2));
        Api.ok("/api/runs?page=1&size=1").body("items[0].id", equalTo(MINIMAL_ID));
    }

    @Test
    void lists_runs_as_csv_with_a_header_row_when_asked() {
        String csv = Api.ok("/api/runs?format=csv")
                .contentType(startsWith("text/csv"))
                .extract()
                .asString();
        String[] lines = csv.split("\r\n");
        assertEquals(
                "id,received_at,started_at,finished_at,host_class,hostname,cpu_model,vcpus,jvm_vendor,jvm_version,"
                        + "suite_version,agent_id,agent_name,keyid,revoked_at,cell_count",
                lines[0]);
        assertEquals(3, lines.length);
        assertTrue(lines[1].replace("\"", "").startsWith(FULL_ID + ","), lines[1]);
        given().header("Accept", "text/csv")
                .get("/api/runs")
                .then()
                .statusCode(200)
                .contentType(startsWith("text/csv"));
        given().get("/api/runs?format=xml").then().spec(Api.problem(400, "format"));
    }

    @Test
    void shows_a_run_with_its_metadata_cells_and_repeats() {
        Api.ok("/api/runs/" + MINIMAL_ID)
                .body("id", equalTo(MINIMAL_ID))
                .body("schemaVersion", equalTo(1))
                .body("agent.name", equalTo("test-agent"))
                .body("host.hostClass", equalTo("AMD EPYC 7B13 · 2 vCPU · 24 GiB"))
                .body("jvm.major", notNullValue())
                .body("cells", hasSize(1))
                .body("cells[0].ordinal", equalTo(0))
                .body("cells[0].repeats[0].latencyMs.p50", notNullValue())
                .body("cells[0].repeats[0].errors.connect", equalTo(0))
                .body("envelope", notNullValue());
    }

    @Test
    void stores_every_cell_and_repeat_exactly_as_the_payload_gives_them() throws Exception {
        JsonNode payload = new ObjectMapper().readTree(TestVectors.bytes("payloads/valid/full.json"));
        JsonNode detail = new ObjectMapper()
                .readTree(Api.ok("/api/runs/" + FULL_ID).extract().asByteArray());

        assertEquals(payload.get("jvm").get("flags"), detail.get("jvm").get("flags"));
        JsonNode results = payload.get("results");
        assertEquals(results.size(), detail.get("cells").size());
        for (int i = 0; i < results.size(); i++) {
            JsonNode sent = results.get(i);
            JsonNode stored = detail.get("cells").get(i);
            assertEquals(i, stored.get("ordinal").asInt());
            for (String field : List.of("framework", "frameworkVersion", "ioModel", "scenario", "loadModel")) {
                assertEquals(sent.get(field).asText(), stored.get(field).asText(), field + " of cell " + i);
            }
            for (String field :
                    List.of("connections", "vcpus", "durationSeconds", "targetRate", "delayMs", "warmupSeconds")) {
                assertEquals(
                        sent.path(field).asDouble(Double.NaN),
                        stored.path(field).asDouble(Double.NaN),
                        0.0,
                        field + " of cell " + i);
            }
            assertEquals(
                    sent.path("baseline").asBoolean(false),
                    stored.get("baseline").asBoolean());
            assertEquals(
                    sent.has("flags") ? sent.get("flags") : new ObjectMapper().createArrayNode(), stored.get("flags"));
            assertEquals(
                    sent.get("repeats").size(),
                    stored.get("stats").get("repeatCount").asInt(),
                    "statistics are computed at ingest");
            for (int r = 0; r < sent.get("repeats").size(); r++) {
                JsonNode a = sent.get("repeats").get(r);
                JsonNode b = stored.get("repeats").get(r);
                assertEquals(a.get("requests").asLong(), b.get("requests").asLong());
                assertEquals(
                        a.get("requestsPerSecond").asDouble(),
                        b.get("requestsPerSecond").asDouble(),
                        0.0);
                assertEquals(a.get("latencyMs"), b.get("latencyMs"), "latency of cell " + i + " repeat " + r);
                assertEquals(a.get("errors"), b.get("errors"), "errors of cell " + i + " repeat " + r);
            }
        }
    }

    @Test
    void answers_400_naming_an_unknown_or_invalid_query_parameter() {
        given().get("/api/runs?colour=red").then().spec(Api.problem(400, "colour"));
        given().get("/api/runs?size=201").then().spec(Api.problem(400, "size"));
        given().get("/api/runs?page=-1").then().spec(Api.problem(400, "page"));
        given().get("/api/runs?page=x").then().spec(Api.problem(400, "page"));
    }

    @Test
    void answers_404_problem_json_for_a_run_that_is_not_stored() {
        given().get("/api/runs/00000000-0000-4000-8000-000000000000").then().spec(Api.problem(404));
        given().get("/api/runs/not-a-uuid/envelope").then().spec(Api.problem(404));
    }
}
