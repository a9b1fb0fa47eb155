package dev.podium.agent;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;

import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Without PODIUM_ADMIN_TOKEN the admin endpoints are closed, whatever token is sent. */
@QuarkusTest
@TestProfile(AdminTokenMissingTest.NoAdminToken.class)
@WithTestResource(EmbeddedPostgresResource.class)
class AdminTokenMissingTest {

    /** The test profile without an admin token. */
    public static class NoAdminToken implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("podium.admin-token", "");
        }
    }

    @Test
    void admin_endpoints_answer_403_saying_the_admin_token_is_not_configured() {
        Api.enrolmentWith(
                        "Bearer anything",
                        Map.of("name", "a", "publicKey", "qF7CmryXMt3VFxTKHZGRTxxIiUy94D6U6AmF8tlQnwY="))
                .then()
                .spec(Api.problem(403))
                .body("detail", containsString("not configured"));
        given().post("/api/agents/1/revoke").then().statusCode(403).body("detail", containsString("not configured"));
    }
}
