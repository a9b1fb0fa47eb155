package dev.podium.jvmmode;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.hasToString;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.podium.testing.Api;
import dev.podium.testing.CsvTable;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.Rows;
import dev.podium.testing.TestVectors;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The JVM mode axis (schema/testdata payloads/valid/v2-aot-cache.json: Vert.x Web in both modes, Helidon SE in the
 * aot-cache mode only, flagged aot-cache-not-used): stored with its flags and training, served on the run's cells and
 * their CSV, never mixed with the default mode on a board (the jvmMode filter picks one, default unless asked), and
 * side by side on the framework's jvm-modes answer.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class JvmModeTest {

    private static final String RUN = "7c1e4a90-2b3d-4f5e-8a6b-9d0c1e2f3a48";

    @Inject
    Rows rows;

    @BeforeEach
    void storeTheRun() {
        rows.reset();
        Api.enrol("test-agent");
        Api.readNumbersAsDoubles();
        Api.submit(TestVectors.envelope("v2-aot-cache")).then().statusCode(201);
    }

    @Test
    void each_cell_keeps_its_mode_flags_and_training_on_the_cells_api_and_its_csv() {
        given().get("/api/runs/" + RUN + "/cells")
                .then()
                .statusCode(200)
                .body("items.jvmMode", contains("default", "aot-cache", "aot-cache"))
                .body("items[0].jvmModeFlags", nullValue())
                .body("items[0].aotTraining", nullValue())
                .body("items[1].jvmModeFlags[1]", equalTo("-XX:AOTCache=/tmp/podium-aot-vertx-web-123/vertx-web.aot"))
                .body("items[1].aotTraining.seconds", closeTo(14.2, 1e-9))
                .body("items[1].aotTraining.cacheBytes", hasToString("41943040"))
                .body("items[1].aotTraining.problem", nullValue())
                .body("items[1].startup.firstResponseMs", closeTo(301.6, 1e-9))
                .body("items[2].flags", contains("aot-cache-not-used"))
                .body("items[2].aotTraining.problem", equalTo("training: the training run wrote no AOT cache"));
        CsvTable csv = CsvTable.get("/api/runs/" + RUN + "/cells");
        assertEquals("default", csv.value(0, "jvm_mode"), csv.text());
        assertEquals("aot-cache", csv.value(1, "jvm_mode"), csv.text());
        assertEquals("14.2", csv.value(1, "aot_training_seconds"), csv.text());
        // a text starting with '-' gets a leading ' (the CSV's guard against spreadsheet formulas, read-api.md)
        assertEquals(
                "'-XX:AOTCacheOutput=/tmp/podium-aot-vertx-web-123/vertx-web.aot"
                        + " -XX:AOTCache=/tmp/podium-aot-vertx-web-123/vertx-web.aot",
                csv.value(1, "jvm_mode_flags"),
                csv.text());
        assertEquals(
                "single", csv.lines().get(2)[csv.header().size() - 1], "topology still ends each line: " + csv.text());
    }

    @Test
    void a_board_reads_one_mode_the_default_unless_asked() {
        given().queryParam("scenario", "plaintext")
                .queryParam("flagged", "include")
                .get("/api/leaderboard")
                .then()
                .statusCode(200)
                .body("rows.framework", contains("Vert.x Web"))
                .body("rows[0].bestThroughput", closeTo(32000.5, 1e-9));
        given().queryParam("scenario", "plaintext")
                .queryParam("flagged", "include")
                .queryParam("jvmMode", "aot-cache")
                .get("/api/leaderboard")
                .then()
                .statusCode(200)
                .body("rows", hasSize(2))
                .body("rows.find { it.framework == 'Vert.x Web' }.bestThroughput", closeTo(32250.5, 1e-9));
        given().queryParam("scenario", "plaintext")
                .queryParam("jvmMode", "native-image")
                .get("/api/leaderboard")
                .then()
                .spec(Api.problem(400, "jvmMode"));
    }

    @Test
    void the_framework_shows_both_modes_of_one_run_side_by_side() {
        given().get("/api/frameworks/vertx-web/jvm-modes")
                .then()
                .statusCode(200)
                .body("framework", equalTo("Vert.x Web"))
                .body("items", hasSize(1))
                .body("items[0].runId", equalTo(RUN))
                .body("items[0].defaultMode.firstResponseMs", closeTo(612.4, 1e-9))
                .body("items[0].aotCache.firstResponseMs", closeTo(301.6, 1e-9))
                .body("items[0].defaultMode.idleRssBytes", hasToString("98566144"))
                .body("items[0].aotCache.idleRssBytes", hasToString("104857600"))
                .body("items[0].defaultMode.throughput", closeTo(32000.5, 1e-9))
                .body("items[0].aotCache.throughput", closeTo(32250.5, 1e-9))
                .body("items[0].aotTraining.cacheBytes", hasToString("41943040"));
        // Helidon SE has no default cell in that run: nothing to set beside its aot-cache cell
        given().get("/api/frameworks/helidon-se/jvm-modes")
                .then()
                .statusCode(200)
                .body("items", hasSize(0));
        given().get("/api/frameworks/no-such-framework/jvm-modes").then().statusCode(404);
    }
}
