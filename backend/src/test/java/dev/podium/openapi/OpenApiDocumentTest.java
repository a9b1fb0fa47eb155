package dev.podium.openapi;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.podium.testing.EmbeddedPostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

/**
 * The OpenAPI document the service serves is the one committed as schema/openapi.json, which the site's API types are
 * generated from: a read endpoint changed without `make openapi` fails here.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class OpenApiDocumentTest {

    static final Path COMMITTED = Path.of("..", "schema", "openapi.json");

    @Test
    void servedDocumentIsTheCommittedOne() throws IOException {
        String served = given().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                .extract().asString();
        ObjectMapper json = new ObjectMapper();
        JsonNode expected = json.readTree(Files.readString(COMMITTED));
        JsonNode actual = json.readTree(served);
        if (!expected.equals(actual)) {
            Path out = Path.of(System.getProperty("podium.build.dir", "target"), "openapi-served.json");
            Files.writeString(out, json.writerWithDefaultPrettyPrinter().writeValueAsString(actual));
            assertEquals(json.writerWithDefaultPrettyPrinter().writeValueAsString(expected),
                    json.writerWithDefaultPrettyPrinter().writeValueAsString(actual),
                    "schema/openapi.json is not what the service serves (served copy: " + out
                            + "); run `make openapi` and commit schema/openapi.json and frontend/src/api/openapi.ts");
        }
    }
}
