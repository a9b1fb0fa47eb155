package dev.podium.agent;

import static dev.podium.testing.TestVectors.MINIMAL_ID;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.Rows;
import dev.podium.testing.TestVectors;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Enrolment and revocation behind the admin token, the public agent view, and what revocation does to runs. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class AgentResourceTest {

    @Inject
    Rows rows;

    @BeforeEach
    void startEmpty() {
        rows.reset();
    }

    private static Map<String, String> testAgent() {
        TestVectors.Key key = TestVectors.key("test-agent");
        return Map.of("name", key.name(), "publicKey", key.publicKey());
    }

    @Test
    void enrols_a_key_with_the_admin_token_and_shows_it_publicly() {
        TestVectors.Key key = TestVectors.key("test-agent");
        int id = Api.enrolment(testAgent())
                .then()
                .statusCode(201)
                .body("keyid", equalTo(key.keyid()))
                .extract()
                .path("id");

        Api.ok("/api/agents/" + id)
                .body("name", equalTo("test-agent"))
                .body("publicKey", equalTo(key.publicKey()))
                .body("keyid", equalTo(key.keyid()))
                .body("createdAt", notNullValue())
                .body("revokedAt", nullValue());
    }

    @Test
    void refuses_enrolment_without_a_token_401_and_with_a_wrong_token_403() {
        Api.enrolmentWith(null, testAgent()).then().spec(Api.problem(401));
        Api.enrolmentWith("Bearer wrong", testAgent()).then().spec(Api.problem(403));
        given().header("Authorization", "Bearer wrong")
                .post("/api/agents/1/revoke")
                .then()
                .statusCode(403);
    }

    @Test
    void answers_409_when_the_key_is_already_enrolled() {
        Api.enrol("test-agent");
        Api.enrolment(testAgent()).then().spec(Api.problem(409, "publicKey"));
    }

    @Test
    void answers_422_naming_a_public_key_that_is_not_32_bytes() {
        Api.enrolment(Map.of("name", "short", "publicKey", "AAAA")).then().spec(Api.problem(422, "publicKey"));
    }

    @Test
    void a_revoked_key_gets_403_while_its_stored_runs_stay_and_show_the_revocation_time() {
        long id = Api.enrol("test-agent");
        Api.store(TestVectors.envelope("minimal"));

        Api.revoke(id).then().statusCode(200).body("revokedAt", notNullValue());
        Rows.Counts before = rows.counts();

        Api.submit(TestVectors.envelope("full")).then().spec(Api.problem(403, "signatures[0].keyid"));
        assertEquals(before, rows.counts());
        Api.ok("/api/runs").body("items[0].id", equalTo(MINIMAL_ID)).body("items[0].revokedAt", notNullValue());
        Api.ok("/api/runs/" + MINIMAL_ID).body("agent.revokedAt", notNullValue());
        Api.ok("/api/agents/" + id).body("revokedAt", notNullValue());
    }

    @Test
    void answers_400_problem_json_to_an_enrolment_body_that_is_not_json() {
        Api.enrolment("{not json").then().spec(Api.problem(400));
        Api.enrolment("{\"name\": [1], \"publicKey\": 5}").then().spec(Api.problem(400));
    }

    @Test
    void answers_405_problem_json_to_a_method_the_endpoint_does_not_have() {
        given().delete("/api/agents/1").then().spec(Api.problem(405));
    }

    @Test
    void answers_404_for_an_unknown_agent() {
        given().get("/api/agents/999999").then().spec(Api.problem(404));
    }
}
