package dev.podium.read;

import static dev.podium.testing.TestVectors.FULL_ID;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.testing.EmbeddedPostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Query parameters are bound once, in each endpoint's signature: what the committed OpenAPI lists for a read
 * endpoint is exactly what the endpoint accepts (a listed name is never refused as unknown, another one always is).
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class QueryBindingTest {

    @Test
    void every_read_endpoint_accepts_what_its_openapi_lists_and_nothing_else() throws Exception {
        JsonNode paths = new ObjectMapper()
                .readTree(Path.of("..", "schema", "openapi.json").toFile())
                .get("paths");
        List<String> checked = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : paths.properties()) {
            String template = e.getKey();
            JsonNode get = e.getValue().get("get");
            // admin endpoints answer 401 first; badges take any query (README badges carry cache-busting parameters);
            // sha256sums is a file
            if (get == null
                    || !template.startsWith("/api/")
                    || template.startsWith("/api/agents")
                    || template.startsWith("/api/webhooks")
                    || template.startsWith("/api/badges")
                    || template.endsWith("/sha256sums")) {
                continue;
            }
            String path = template.replace("{id}", FULL_ID)
                    .replace("{slug}", "no-such-slug")
                    .replace("{table}", "leaderboard");
            for (JsonNode p : get.path("parameters")) {
                if (!"query".equals(p.path("in").asText())) {
                    continue;
                }
                String name = p.get("name").asText();
                Response r = given().queryParam(name, "1").get(path);
                assertFalse(
                        r.asString().contains("unknown parameter")
                                || r.asString().contains("unknown query parameter"),
                        template + " refused its own parameter " + name + ": " + r.asString());
            }
            Response r = given().queryParam("colour", "red").get(path);
            assertEquals(400, r.statusCode(), template + " took an undeclared parameter");
            assertEquals("colour", r.jsonPath().getString("field"), template);
            checked.add(template);
        }
        assertTrue(
                checked.containsAll(List.of(
                        "/api/leaderboard",
                        "/api/scaling",
                        "/api/latency",
                        "/api/history",
                        "/api/compare",
                        "/api/calculator",
                        "/api/frameworks",
                        "/api/runs",
                        "/api/changes",
                        "/api/changes.atom",
                        "/api/runs/{id}/cells")),
                checked.toString());
    }
}
