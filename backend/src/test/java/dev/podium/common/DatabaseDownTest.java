package dev.podium.common;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;

import dev.podium.testing.FreePort;
import dev.podium.testing.TestVectors;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** With the database unreachable, submissions get 503 with Retry-After (clients retry) and readiness is DOWN. */
@QuarkusTest
@TestProfile(DatabaseDownTest.UnreachableDatabase.class)
class DatabaseDownTest {

    /** A datasource pointing at a port where nothing listens; nothing is migrated or validated at start. */
    public static class UnreachableDatabase implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            // a port free now: nothing listens on it when the test connects
            return Map.of(
                    "quarkus.datasource.jdbc.url", "jdbc:postgresql://127.0.0.1:" + FreePort.any() + "/podium",
                    "quarkus.datasource.username", "podium",
                    "quarkus.datasource.jdbc.acquisition-timeout", "2S",
                    "quarkus.flyway.migrate-at-start", "false",
                    "quarkus.hibernate-orm.schema-management.strategy", "none");
        }
    }

    @Test
    void answers_503_with_retry_after_to_a_submission_while_the_database_is_unreachable() {
        given().contentType("application/json")
                .body(TestVectors.envelope("minimal"))
                .post("/api/runs")
                .then()
                .statusCode(503)
                .header("Retry-After", notNullValue())
                .contentType(startsWith("application/problem+json"));
    }

    @Test
    void answers_503_to_reads_while_the_database_is_unreachable() {
        given().get("/api/runs").then().statusCode(503).header("Retry-After", notNullValue());
    }

    @Test
    void reports_not_ready_while_the_database_is_unreachable() {
        given().get("/q/health/ready").then().statusCode(503);
    }
}
