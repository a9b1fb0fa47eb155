package dev.podium.testing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.restassured.RestAssured;
import io.restassured.builder.ResponseSpecBuilder;
import io.restassured.config.JsonConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.path.json.JsonPath;
import io.restassured.path.json.config.JsonPathConfig.NumberReturnType;
import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import io.restassured.specification.ResponseSpecification;
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
        return enrolmentWith("Bearer " + ADMIN_TOKEN, body);
    }

    /**
     * POST /api/agents with this Authorization header (null: none) and the body's members as JSON: the answer, for the
     * refusals of a missing or wrong token.
     */
    public static Response enrolmentWith(String authorization, Map<String, ?> body) {
        RequestSpecification request = authorization == null ? given() : given().header("Authorization", authorization);
        return request.contentType("application/json").body(body).post("/api/agents");
    }

    /** POST /api/agents with the admin token and this JSON text as the body (malformed on purpose): the answer. */
    public static Response enrolment(String json) {
        return admin().contentType("application/json").body(json).post("/api/agents");
    }

    /** A request carrying the admin token. */
    public static RequestSpecification admin() {
        return given().header("Authorization", "Bearer " + ADMIN_TOKEN);
    }

    /** POST /api/agents/{id}/revoke with the admin token: the answer. */
    public static Response revoke(long id) {
        return admin().post("/api/agents/" + id + "/revoke");
    }

    /** A request whose JSON numbers are read as doubles, for that request only. */
    public static RequestSpecification doubles() {
        return given().config(RestAssuredConfig.config()
                .jsonConfig(JsonConfig.jsonConfig().numberReturnType(NumberReturnType.DOUBLE)));
    }

    /** JSON numbers read as doubles by the tests' RestAssured calls, so figures compare with closeTo and equalTo(1.0). */
    public static void readNumbersAsDoubles() {
        RestAssured.config =
                RestAssured.config().jsonConfig(JsonConfig.jsonConfig().numberReturnType(NumberReturnType.DOUBLE));
    }

    /** GET path, asserting it answers 200: the answer, for the checks of its body. */
    public static ValidatableResponse ok(String path) {
        return given().get(path).then().statusCode(200);
    }

    /** GET path with its JSON numbers read as doubles ({@link #doubles}), asserting it answers 200: the answer. */
    public static ValidatableResponse okDoubles(String path) {
        return doubles().get(path).then().statusCode(200);
    }

    /** GET path, asserting it answers 200: its JSON body. */
    public static JsonPath json(String path) {
        return ok(path).extract().jsonPath();
    }

    /** GET path with this Accept header, asserting the answer is the site's page (text/html) with this status. */
    public static void assertSitePage(String accept, String path, int status) {
        given().header("Accept", accept)
                .get(path)
                .then()
                .statusCode(status)
                .contentType(startsWith("text/html"))
                .body(containsString("<html"));
    }

    /** GET path with this Accept header, asserting the answer is a refusal ({@link #problem}) with this status. */
    public static void assertProblem(String accept, String path, int status) {
        given().header("Accept", accept).get(path).then().spec(problem(status));
    }

    /** What a refusal is: this status with an application/problem+json body. */
    public static ResponseSpecification problem(int status) {
        return new ResponseSpecBuilder()
                .expectStatusCode(status)
                .expectHeader("Content-Type", startsWith("application/problem+json"))
                .build();
    }

    /** A refusal with this status whose problem names the field at fault. */
    public static ResponseSpecification problem(int status, String field) {
        return new ResponseSpecBuilder()
                .addResponseSpecification(problem(status))
                .expectBody("field", equalTo(field))
                .build();
    }

    public static Response submit(byte[] envelope) {
        return given().contentType("application/json").body(envelope).post("/api/runs");
    }

    /** POST /api/runs with the envelope, asserting it is accepted (201): for a test's seed. */
    public static void store(byte[] envelope) {
        submit(envelope).then().statusCode(201);
    }
}
