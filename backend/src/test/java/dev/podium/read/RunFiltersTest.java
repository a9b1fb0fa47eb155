package dev.podium.read;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.leaderboard.SignedRuns;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.V2Payloads;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The JVM, date and classification filters, once the leaderboard's alone, are cell filters (read's CellFilter) that
 * every endpoint taking them applies: two runs of Vert.x Web in plaintext, the older on Temurin 21 with no
 * classification, the newer on Corretto 25 classified micro, read through the history and the latency chart.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class RunFiltersTest extends EmptyDatabaseTest {

    private static final String OLDER = "3c1e7a52-6b4d-4f0e-9a2c-1d3e5f7a9b01"; // 2026-11-02, Eclipse Adoptium 21
    private static final String NEWER = "3c1e7a52-6b4d-4f0e-9a2c-1d3e5f7a9b02"; // 2026-11-20, Amazon.com Inc. 25
    private static final String HISTORY = "/api/history?scenario=plaintext&framework=Vert.x Web";
    private static final String LATENCY = "/api/latency?scenario=plaintext";

    @BeforeEach
    void twoRuns() {
        Api.submit(V2Payloads.envelope(V2Payloads.full(OLDER))).then().statusCode(201);
        ObjectNode newer = V2Payloads.full(NEWER);
        newer.put("startedAt", "2026-11-20T08:00:00Z").put("finishedAt", "2026-11-20T09:00:00Z");
        ((ObjectNode) newer.get("jvm")).put("vendor", "Amazon.com Inc.").put("version", "25.0.1+8-LTS");
        newer.get("results").forEach(c -> ((ObjectNode) c).put("classification", "micro"));
        Api.submit(V2Payloads.envelope(newer)).then().statusCode(201);
    }

    @Test
    void history_keeps_the_runs_of_the_jvm_and_dates_asked_for() {
        assertEquals(List.of(OLDER, NEWER), historyRuns(""));
        assertEquals(List.of(NEWER), historyRuns("&jvmVendor=Amazon.com Inc."));
        assertEquals(List.of(OLDER), historyRuns("&jvmMajor=21"));
        assertEquals(List.of(NEWER), historyRuns("&from=2026-11-10"));
        assertEquals(List.of(OLDER), historyRuns("&to=2026-11-02")); // a date includes its whole day
        assertEquals(List.of(), historyRuns("&from=2026-11-03&to=2026-11-19"));
        assertEquals(List.of(NEWER), historyRuns("&classification=micro"));
    }

    @Test
    void latency_reads_the_newest_run_among_the_matching_ones() {
        assertEquals(List.of(NEWER), latencyRuns(""));
        assertEquals(List.of(OLDER), latencyRuns("&jvmVendor=Eclipse Adoptium"));
        assertEquals(List.of(OLDER), latencyRuns("&to=2026-11-10"));
        assertEquals(List.of(NEWER), latencyRuns("&classification=micro"));
        assertEquals(List.of(), latencyRuns("&classification=full-stack"));
    }

    @Test
    void bad_values_are_refused_naming_the_filter_on_every_endpoint() {
        String[][] cases = {
            {LATENCY + "&from=2026-11-10&to=2026-11-01", "to"},
            {"/api/scaling?scenario=plaintext&jvmMajor=twenty-one", "jvmMajor"},
            {HISTORY + "&classification=framework", "classification"},
            {"/api/changes?from=yesterday", "from"},
            // change points have no JVM or classification: those filters are not taken there
            {"/api/changes?jvmVendor=Amazon.com Inc.", "jvmVendor"},
            {"/api/changes.atom?classification=micro", "classification"},
            // the calculator's from and to name its frameworks; the board it reads is not classified
            {
                "/api/calculator?scenario=plaintext&from=Vert.x Web&to=Vert.x Web&servers=1&current=1&required=1"
                        + "&classification=micro",
                "classification"
            },
        };
        for (String[] c : cases) {
            given().get(c[0]).then().spec(Api.problem(400, c[1]));
        }
    }

    @Test
    void change_points_are_filtered_by_the_date_of_their_first_run_after_the_change() throws InterruptedException {
        // nine steady Netty runs on 1 to 9 November, then one 15% slower on the 10th: one change point, at the 10th
        for (int day = 1; day <= 10; day++) {
            double level = day == 10 ? 85_000 : 100_000 * (1 + 0.002 * (day % 3));
            Api.store(SignedRuns.nettyDay(2, day, level));
        }
        String changes = "/api/changes?framework=Netty&metric=throughput";
        long deadline = System.nanoTime() + 10_000_000_000L; // detected in the background, after each ingest
        while (changeRuns(changes).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        String tenth = "00000000-0000-4000-8000-000000000210";
        assertEquals(List.of(tenth), changeRuns(changes));
        assertEquals(List.of(tenth), changeRuns(changes + "&from=2026-11-10"));
        assertEquals(List.of(tenth), changeRuns(changes + "&to=2026-11-10")); // a date includes its whole day
        assertEquals(List.of(), changeRuns(changes + "&from=2026-11-11"));
        assertEquals(List.of(), changeRuns(changes + "&to=2026-11-09"));
        String feed = given().get("/api/changes.atom?framework=Netty&from=2026-11-11")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        assertEquals(false, feed.contains("<entry>"), feed);
    }

    private static List<String> changeRuns(String url) {
        return Api.json(url).getList("runAfter", String.class);
    }

    private static List<String> historyRuns(String filters) {
        return Api.json(HISTORY + filters).getList("series.points.flatten().runId", String.class);
    }

    private static List<String> latencyRuns(String filters) {
        return Api.json(LATENCY + filters)
                .getList("series.findAll { it.framework == 'Vert.x Web' }.runId", String.class);
    }
}
