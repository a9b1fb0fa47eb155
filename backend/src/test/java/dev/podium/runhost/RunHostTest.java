package dev.podium.runhost;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.V2Payloads;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * GET /api/runs/{id}/host says what GET /api/runs/{id} says of the host, the load generator, the database and each
 * scenario's first target cell, in a small part of its bytes and without the envelope; an unknown run is 404.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class RunHostTest extends EmptyDatabaseTest {

    private static final String RUN = "7e1f0c52-3a4b-4c5d-8e6f-0a1b2c3d4e60";

    /** The v2 test run with results[1] (the first target cell, 5 repeats) as a db cell, and its database. */
    private static ObjectNode withDatabase() {
        ObjectNode run = V2Payloads.dbCell(V2Payloads.full(RUN), 1, 4.0, 1.5);
        V2Payloads.companion(run, "database", "PostgreSQL", "16.4", "3").put("max_connections", "200");
        return run;
    }

    @Test
    void says_what_the_run_says_of_its_host_and_each_scenarios_first_target_cell() {
        Api.store(V2Payloads.envelope(withDatabase()));
        String host = Api.ok("/api/runs/" + RUN + "/host")
                .body("id", equalTo(RUN))
                .body("cpuModel", equalTo("Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz"))
                .body("vcpus", equalTo(4))
                .body("serverCpus", equalTo("0-1"))
                .body("loadGeneratorCpus", equalTo("2-3"))
                .body("database.server", equalTo("PostgreSQL"))
                .body("database.cpus", equalTo("3"))
                .body("scenarios.scenario", equalTo(List.of("db", "plaintext", "delay")))
                .extract()
                .asString();
        String detail = Api.ok("/api/runs/" + RUN).extract().asString();
        JsonPath h = JsonPath.from(host);
        JsonPath d = JsonPath.from(detail);
        assertEquals(d.getString("startedAt"), h.getString("startedAt"));
        assertEquals(d.getString("host.hostClass"), h.getString("hostClass"));
        assertEquals(d.getString("loadGenerator.tool"), h.getString("loadGenerator"));
        List<Map<String, Object>> cells = d.getList("cells");
        for (Map<String, Object> s : h.<Map<String, Object>>getList("scenarios")) {
            Map<String, Object> cell = cells.stream()
                    .filter(c -> c.get("scenario").equals(s.get("scenario")) && !(Boolean) c.get("baseline"))
                    .findFirst()
                    .orElseThrow();
            assertEquals(cell.get("vcpus"), s.get("vcpus"), s.toString());
            assertEquals(((List<?>) cell.get("repeats")).size(), s.get("repeats"), s.toString());
            assertEquals(cell.get("durationSeconds"), s.get("durationSeconds"), s.toString());
            assertEquals(cell.get("warmupSeconds"), s.get("warmupSeconds"), s.toString());
        }
        assertFalse(host.contains("envelope"), host);
        assertTrue(host.length() * 10 < detail.length(), host.length() + " bytes against the run's " + detail.length());
    }

    @Test
    void a_run_without_a_database_has_none_and_an_unknown_run_is_404() {
        Api.store(V2Payloads.envelope(V2Payloads.full(RUN)));
        Api.ok("/api/runs/" + RUN + "/host")
                .body("database", nullValue())
                .body("scenarios.scenario", equalTo(List.of("plaintext", "delay")));
        for (String id : new String[] {"nope", "7e1f0c52-3a4b-4c5d-8e6f-0a1b2c3d4e61"}) {
            given().get("/api/runs/" + id + "/host").then().spec(Api.problem(404));
        }
        given().get("/api/runs/" + RUN + "/host?x=1").then().statusCode(400);
    }
}
