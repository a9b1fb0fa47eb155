package dev.podium.security;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The headers a browser relies on, on the page, the API and the assets; errors never show internals. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class SecurityHeadersTest {

    @Test
    void the_page_forbids_inline_script_framing_and_sniffing_and_is_revalidated_on_every_load() {
        for (String path : List.of("/", "/leaderboard/json")) {
            given().accept("text/html")
                    .get(path)
                    .then()
                    .statusCode(200)
                    .header(
                            "Content-Security-Policy",
                            allOf(
                                    containsString("script-src 'self';"),
                                    containsString("frame-ancestors 'none'"),
                                    containsString("object-src 'none'"),
                                    not(containsString("script-src 'self' 'unsafe-inline'"))))
                    .header("X-Content-Type-Options", "nosniff")
                    .header("X-Frame-Options", "DENY")
                    .header("Referrer-Policy", "strict-origin-when-cross-origin")
                    .header("Cache-Control", "no-cache");
        }
    }

    @Test
    void hashed_assets_are_cached_for_good() {
        Api.ok("/assets/app-3f2a1b9c.js")
                .header("Cache-Control", "public, max-age=31536000, immutable")
                .header("X-Content-Type-Options", "nosniff");
    }

    @Test
    void api_answers_carry_the_headers_too() {
        Api.ok("/api/runs")
                .header("X-Content-Type-Options", "nosniff")
                .header("Content-Security-Policy", containsString("default-src 'self'"));
    }

    @Test
    void no_other_site_may_call_the_write_endpoints_from_a_browser() {
        for (String path : List.of("/api/runs", "/api/agents", "/api/agents/1/revoke")) {
            given().header("Origin", "https://attacker.example")
                    .header("Access-Control-Request-Method", "POST")
                    .header("Access-Control-Request-Headers", "content-type,authorization")
                    .options(path)
                    .then()
                    .header("Access-Control-Allow-Origin", nullValue())
                    .header("Access-Control-Allow-Credentials", nullValue());
            given().header("Origin", "https://attacker.example")
                    .contentType("application/json")
                    .body("{}")
                    .post(path)
                    .then()
                    .header("Access-Control-Allow-Origin", nullValue());
        }
    }

    @Test
    void error_answers_show_no_stack_trace_class_name_or_sql() {
        List<Response> answers = List.of(
                given().contentType("application/json")
                        .body("{\"payloadType\": ")
                        .post("/api/runs"),
                given().contentType("application/json").body("[1,2]").post("/api/runs"),
                given().contentType("application/json")
                        .body("{\"name\": 1}")
                        .header("Authorization", "Bearer test-admin-token")
                        .post("/api/agents"),
                given().get("/api/runs/' or 1=1 --"),
                given().get("/api/runs?page=-1&size=abc"),
                given().get("/api/leaderboard?scenario=plaintext&from=99999-01-01"),
                given().get("/api/compare?a=x&b=y"),
                given().get("/api/agents/notanumber"));
        for (Response answer : answers) {
            String body = answer.asString();
            String lower = body.toLowerCase(Locale.ROOT);
            for (String leak : List.of(
                    "exception",
                    "\tat ",
                    "at dev.podium",
                    "at java.",
                    "org.hibernate",
                    "org.postgresql",
                    "select ",
                    "insert into",
                    " where ",
                    "sqlstate")) {
                assertFalse(lower.contains(leak), "'" + leak + "' in a " + answer.statusCode() + " answer: " + body);
            }
        }
    }

    @Test
    void a_wrong_admin_token_is_refused_without_naming_the_right_one() {
        given().header("Authorization", "Bearer guess")
                .contentType("application/json")
                .body("{\"name\":\"x\",\"publicKey\":\"AAAA\"}")
                .post("/api/agents")
                .then()
                .statusCode(403)
                .body("detail", equalTo("the admin token is wrong"))
                .body(not(containsString("test-admin-token")));
    }
}
