package dev.podium.rawoutput;

import static dev.podium.testing.TestVectors.V2_MINIMAL_ID;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.testing.Api;
import dev.podium.testing.CsvTable;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.TestVectors;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * The warm-up curve and the raw output (issue 28) survive ingest: schema/testdata/payloads/valid/v2-warmup.json's
 * windows are served back as sent, its time to peak derived (the third window, 97,000 req/s, is the first at 95% of the
 * one repeat's 100,000.5: 5.002 + 5.001 + 5.003 = 15.006 s), and its rawOutput is downloaded byte for byte.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class WarmupAndRawOutputIngestTest extends EmptyDatabaseTest {

    private static final String ID = "7c1e2a90-3b4d-4e5f-8a6b-9c0d1e2f3a28";
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode sentCell() {
        return TestVectors.read("payloads/valid/v2-warmup.json").get("results").get(0);
    }

    @Test
    void the_windows_are_served_as_sent_with_the_time_to_peak() throws IOException {
        Api.store(TestVectors.envelope("v2-warmup"));
        JsonPath curves = Api.json("/api/runs/" + ID + "/warmup");
        assertEquals(1, curves.getList("items").size());
        assertEquals(15.006, curves.getDouble("items[0].timeToPeakSeconds"), 1e-9);
        assertEquals(100000.5, curves.getDouble("items[0].steadyRequestsPerSecond"), 1e-9);
        assertEquals("full", curves.getString("items[0].warmup"));
        assertEquals("Netty", curves.getString("items[0].framework"));
        // read as the JSON it is (RestAssured's JsonPath reads numbers as floats)
        JsonNode served = JSON.readTree(
                        given().get("/api/runs/" + ID + "/warmup").asString())
                .get("items")
                .get(0)
                .get("windows");
        JsonNode sent = sentCell().get("warmupWindows");
        assertEquals(sent.size(), served.size());
        for (int i = 0; i < sent.size(); i++) {
            for (String field : new String[] {"seconds", "requestsPerSecond", "jitShare"}) {
                assertEquals(
                        sent.get(i).get(field).doubleValue(),
                        served.get(i).get(field).doubleValue(),
                        0,
                        "window " + i + " " + field);
            }
            assertEquals(0, served.get(i).get("fork").intValue(), "window " + i);
        }
        // the cells of the run and the leaderboard carry the time to peak too
        assertEquals(15.006, Api.json("/api/runs/" + ID + "/cells").getDouble("items[0].timeToPeakSeconds"), 1e-9);
        assertEquals(
                15.006,
                Api.json("/api/leaderboard?scenario=plaintext&vcpus=1").getDouble("rows[0].timeToPeakSeconds"),
                1e-9);
        CsvTable csv = CsvTable.get("/api/runs/" + ID + "/cells");
        assertEquals("15.006", csv.value(0, "time_to_peak_seconds"), csv.text());
    }

    @Test
    void the_raw_output_is_downloaded_byte_for_byte() throws IOException {
        Api.store(TestVectors.envelope("v2-warmup"));
        byte[] sent = Base64.getDecoder().decode(sentCell().get("rawOutput").textValue());
        // the run page learns the download's size from the warm-up answer
        assertEquals(
                sent.length,
                given().get("/api/runs/" + ID + "/warmup").jsonPath().getLong("rawOutputBytes"));
        for (String query : new String[] {"", "?cell=0"}) {
            Response raw = given().get("/api/runs/" + ID + "/raw" + query);
            raw.then().statusCode(200).contentType("application/gzip");
            assertArrayEquals(sent, raw.asByteArray(), "GET raw" + query);
            assertTrue(
                    raw.header("Content-Disposition").contains("podium-run-" + ID), raw.header("Content-Disposition"));
        }
        String text =
                new String(new GZIPInputStream(new ByteArrayInputStream(sent)).readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(
                text.startsWith("== warm-up window 1: taskset -c 1 wrk") && text.contains("Requests/sec:  52100.00"));
        given().get("/api/runs/" + ID + "/raw?cell=1").then().statusCode(404);
        given().get("/api/runs/" + ID + "/raw?cell=first").then().statusCode(400);
        given().get("/api/runs/" + ID + "/raw?cell=-1").then().statusCode(400);
    }

    @Test
    void a_run_without_them_has_no_curve_and_no_raw_output() {
        Api.store(TestVectors.envelope("v2-minimal"));
        Api.ok("/api/runs/" + V2_MINIMAL_ID + "/warmup");
        assertEquals(
                List.of(),
                given().get("/api/runs/" + V2_MINIMAL_ID + "/warmup").jsonPath().getList("items"));
        given().get("/api/runs/" + V2_MINIMAL_ID + "/raw").then().statusCode(404);
        assertEquals(
                0,
                given().get("/api/runs/" + V2_MINIMAL_ID + "/warmup").jsonPath().getLong("rawOutputBytes"));
        given().get("/api/runs/7c1e2a90-3b4d-4e5f-8a6b-9c0d1e2f3aff/warmup")
                .then()
                .statusCode(404);
        given().get("/api/runs/not-a-run/raw").then().statusCode(404);
        given().get("/api/runs/" + V2_MINIMAL_ID + "/warmup?x=1").then().statusCode(400);
    }
}
