package dev.podium.common;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.ab.AbService;
import dev.podium.leaderboard.SignedRuns;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.SeededOnceTest;
import dev.podium.testing.TestSigner;
import dev.podium.testing.TestVectors;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The site's pages answer 200 for its routes (frontend/src/router/paths.json) and 404 for anything else: a path that is
 * no route, and a route whose subject the service does not hold (a framework, a run, a snapshot, a scenario).
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class SiteRoutesTest extends SeededOnceTest {

    static final String R1 = "00000000-0000-4000-8000-0000000003a1";
    static final String SNAPSHOT = "site-routes";
    /** The comparison of schema/testdata/ab/comparison.json, for /ab/:id. */
    static final String AB = "3f1c2b9a-7d64-4e0b-9a55-1c2d3e4f5a6b";

    SiteRoutesTest() {
        super(
                1,
                R1,
                () -> SignedRuns.run(R1, "2026-11-03T08:00:00Z")
                        .cell("Tomcat", "11.0.14", "blocking", "plaintext", 64, 1, false, 2, 0, 70000, 70500, 69800)
                        .store());
    }

    @BeforeEach
    void storeTheComparisonAndTheSnapshot() {
        if (given().get("/api/ab/" + AB).statusCode() == 404) {
            given().contentType("application/json")
                    .body(TestSigner.envelope(
                            "test-agent", AbService.PAYLOAD_TYPE, TestVectors.bytes("ab/comparison.json")))
                    .post("/api/ab")
                    .then()
                    .statusCode(201);
        }
        if (given().get("/api/snapshots/" + SNAPSHOT).statusCode() == 404) {
            Api.admin()
                    .contentType("application/json")
                    .body(Map.of("slug", SNAPSHOT, "title", "Site routes"))
                    .post("/api/snapshots")
                    .then()
                    .statusCode(201);
        }
    }

    @Test
    void every_route_of_the_site_is_its_page_with_status_200() throws Exception {
        Map<String, String> paths = new ObjectMapper()
                .readValue(
                        Files.readAllBytes(Path.of("../frontend/src/router/paths.json")),
                        new TypeReference<LinkedHashMap<String, String>>() {});
        assertTrue(paths.containsKey("framework") && paths.containsKey("frameworks"), paths.toString());
        for (String path : paths.values()) {
            String url = path.replace(":scenario", "plaintext")
                    .replace(":slug", path.startsWith("/snapshots/") ? SNAPSHOT : "tomcat")
                    .replace(":id", path.startsWith("/ab/") ? AB : R1);
            Api.assertSitePage("text/html", url, 200);
        }
        given().header("Accept", "text/html").get("/frameworks/TOMCAT/").then().statusCode(200);
        for (String path :
                new String[] {"/leaderboard/fortunes", "/leaderboard/composite", "/runs/" + R1.toUpperCase()}) {
            Api.assertSitePage("text/html", path, 200);
        }
    }

    @Test
    void a_path_that_is_no_route_is_the_page_with_status_404() {
        for (String path : new String[] {"/nonexistent", "/leaderboard/plaintext/extra", "/runs/a/b", "/frameworkz"}) {
            Api.assertSitePage("text/html", path, 404);
        }
        given().header("Accept", "*/*").head("/nonexistent").then().statusCode(404);
    }

    @Test
    void the_page_of_an_unknown_framework_or_of_the_baseline_answers_404() {
        given().header("Accept", "text/html")
                .get("/frameworks/nonexistent")
                .then()
                .statusCode(404)
                .contentType(startsWith("text/html"));
        given().header("Accept", "text/html").get("/frameworks/nginx").then().statusCode(404);
    }

    @Test
    void the_page_of_an_unknown_run_snapshot_or_scenario_answers_404() {
        for (String path : new String[] {
            "/runs/nope",
            "/runs/00000000-0000-4000-8000-0000000003a2",
            "/ab/nope",
            "/ab/00000000-0000-4000-8000-0000000003a2",
            "/snapshots/nope",
            "/leaderboard/nope",
            "/leaderboard/Plaintext"
        }) {
            Api.assertSitePage("text/html", path, 404);
            given().header("Accept", "*/*").head(path).then().statusCode(404);
        }
    }
}
