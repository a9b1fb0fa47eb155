package dev.podium.testing;

import static io.restassured.RestAssured.given;

import io.restassured.response.Response;
import java.util.Map;

/** Calls of the API that the tests share. */
public final class Api {

    public static final String ADMIN_TOKEN = "test-admin-token";

    private Api() {}

    /** Enrols a test key with the admin token and returns the agent id. */
    public static long enrol(String keyName) {
        TestVectors.Key key = TestVectors.key(keyName);
        return given().header("Authorization", "Bearer " + ADMIN_TOKEN)
                .contentType("application/json")
                .body(Map.of("name", key.name(), "publicKey", key.publicKey()))
                .post("/api/agents")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    public static Response submit(byte[] envelope) {
        return given().contentType("application/json").body(envelope).post("/api/runs");
    }
}
