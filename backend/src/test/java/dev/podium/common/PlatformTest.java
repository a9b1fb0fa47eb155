package dev.podium.common;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** Health, OpenAPI, metrics, and the single-page app's history-mode fallback. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class PlatformTest {

    @Test
    void readiness_is_up_and_includes_the_datasource() {
        Api.ok("/q/health/ready")
                .body("status", equalTo("UP"))
                .body(containsString("Database connections health check"));
    }

    @Test
    void publishes_openapi_with_the_runs_endpoint() {
        Api.ok("/q/openapi").body(containsString("/api/runs"));
    }

    @Test
    void exposes_prometheus_metrics() {
        Api.ok("/q/metrics").body(containsString("jvm_"));
    }

    @Test
    void serves_the_app_for_a_history_mode_route_asked_for_as_html() {
        Api.assertSitePage("text/html", "/leaderboard/json", 200);
    }

    @Test
    void serves_the_app_for_a_deep_link_fetched_by_curl_a_crawler_or_without_accept() {
        for (String accept : new String[] {"*/*", "text/*", "application/xhtml+xml", ""}) {
            Api.assertSitePage(accept, "/scaling?scenario=plaintext", 200);
        }
        given().header("Accept", "*/*").head("/leaderboard/json").then().statusCode(200);
    }

    @Test
    void answers_problem_json_to_a_json_only_client_and_for_a_missing_file() {
        Api.assertProblem("application/json", "/runs/0b6f3c1e-7a52-4c1d-9a43-2f0f6b1d8e01", 404);
        Api.assertProblem("*/*", "/assets/missing-chunk.js", 404);
    }

    @Test
    void answers_problem_json_not_the_app_for_an_unknown_api_path() {
        Api.assertProblem("text/html, application/json", "/api/nothing-here", 404);
    }
}
