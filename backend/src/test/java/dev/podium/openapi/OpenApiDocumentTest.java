package dev.podium.openapi;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPairGenerator;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;

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
        String served = given().queryParam("format", "json")
                .get("/q/openapi")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        ObjectMapper json = new ObjectMapper();
        JsonNode expected = json.readTree(Files.readString(COMMITTED));
        JsonNode actual = json.readTree(served);
        if (!expected.equals(actual)) {
            Path out = Path.of(System.getProperty("podium.build.dir", "target"), "openapi-served.json");
            Files.writeString(out, json.writerWithDefaultPrettyPrinter().writeValueAsString(actual));
            assertEquals(
                    json.writerWithDefaultPrettyPrinter().writeValueAsString(expected),
                    json.writerWithDefaultPrettyPrinter().writeValueAsString(actual),
                    "schema/openapi.json is not what the service serves (served copy: " + out
                            + "); run `make openapi` and commit schema/openapi.json (the site generates its types from it)");
        }
    }

    @Test
    void enrolmentAnswersTheStatusTheDocumentPromises() throws IOException, GeneralSecurityException {
        byte[] spki = KeyPairGenerator.getInstance("Ed25519")
                .generateKeyPair()
                .getPublic()
                .getEncoded();
        String key = Base64.getEncoder().encodeToString(Arrays.copyOfRange(spki, spki.length - 32, spki.length));
        int status = Api.admin()
                .contentType("application/json")
                .body(Map.of("name", "openapi-status", "publicKey", key))
                .post("/api/agents")
                .then()
                .extract()
                .statusCode();
        JsonNode responses =
                new ObjectMapper().readTree(Files.readString(COMMITTED)).at("/paths/~1api~1agents/post/responses");
        assertEquals(201, status);
        assertTrue(responses.has("201"), "schema/openapi.json documents " + responses + " for POST /api/agents");
        assertTrue(!responses.has("200"), "POST /api/agents never answers 200, yet the document says it does");
    }
}
