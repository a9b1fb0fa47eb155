package dev.podium.testing;

import static io.restassured.RestAssured.given;

import io.restassured.RestAssured;
import io.restassured.config.JsonConfig;
import io.restassured.path.json.config.JsonPathConfig.NumberReturnType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.Map;

/** Calls of the API that the tests share. */
public final class Api {

    public static final String ADMIN_TOKEN = "test-admin-token";

    private Api() {}

    /** Enrols a test key with the admin token and returns the agent id. */
    public static long enrol(String keyName) {
        TestVectors.Key key = TestVectors.key(keyName);
        return enrol(key.name(), key.publicKey());
    }

    /** Enrols a public key (base64) under a name with the admin token and returns the agent id. */
    public static long enrol(String name, String publicKey) {
        return enrolment(Map.of("name", name, "publicKey", publicKey))
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    /** POST /api/agents with the admin token and the body's members as JSON: the answer. */
    public static Response enrolment(Map<String, ?> body) {
        return admin().contentType("application/json").body(body).post("/api/agents");
    }

    /** POST /api/agents with the admin token and this JSON text as the body (malformed on purpose): the answer. */
    public static Response enrolment(String json) {
        return admin().contentType("application/json").body(json).post("/api/agents");
    }

    private static RequestSpecification admin() {
        return given().header("Authorization", "Bearer " + ADMIN_TOKEN);
    }

    /** POST /api/agents/{id}/revoke with the admin token: the answer. */
    public static Response revoke(long id) {
        return admin().post("/api/agents/" + id + "/revoke");
    }

    /** JSON numbers read as doubles by the tests' RestAssured calls, so figures compare with closeTo and equalTo(1.0). */
    public static void readNumbersAsDoubles() {
        RestAssured.config =
                RestAssured.config().jsonConfig(JsonConfig.jsonConfig().numberReturnType(NumberReturnType.DOUBLE));
    }

    public static Response submit(byte[] envelope) {
        return given().contentType("application/json").body(envelope).post("/api/runs");
    }
}
