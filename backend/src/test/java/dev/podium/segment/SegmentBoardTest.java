package dev.podium.segment;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.leaderboard.SignedRuns;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

/**
 * The board stands on the current segment: nine stable runs and one 15% slower leave the figure where it was (the
 * newest run alone is one parameter away); once three runs confirm the step, the figure is the new level's. A segment
 * longer than 30 runs pools its newest 30.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class SegmentBoardTest extends EmptyDatabaseTest {

    static final String BOARD = "/api/leaderboard?scenario=plaintext&segments=include";

    /** The board once the change points of the newest run are stored (the detector runs after the ingest). */
    static JsonPath board(String extra, int runsAfterExpected) throws InterruptedException {
        long until = System.nanoTime() + 10_000_000_000L;
        while (runsAfterExpected > 0 && System.nanoTime() < until) {
            JsonPath changes = Api.json("/api/changes?framework=Netty&metric=throughput");
            if (!changes.getList("$").isEmpty() && changes.getInt("[0].runsAfter") == runsAfterExpected) {
                break;
            }
            Thread.sleep(100);
        }
        return Api.json(BOARD + extra);
    }

    @Test
    void oneBadRunMovesNothingUntilConfirmedThenTheStepDoes() throws Exception {
        for (int day = 1; day <= 9; day++) {
            Api.store(SignedRuns.nettyDay(2, day, 100_000 * (1 + 0.002 * (day % 3))));
        }
        JsonPath stable = board("", 0);
        double before = stable.getDouble("rows[0].bestThroughput");
        assertEquals("segment", stable.getString("basis"));
        assertEquals(9, stable.getInt("segments[0].runs"));
        assertEquals(45, stable.getInt("rows[0].repeatCount"));
        assertEquals(100_200, before, 100);

        Api.store(SignedRuns.nettyDay(2, 10, 85_000));
        JsonPath afterOne = board("", 1);
        double figure = afterOne.getDouble("rows[0].bestThroughput");
        System.out.printf(
                "board after one bad run: %.0f (was %.0f, %+.2f%%)%n", figure, before, (figure / before - 1) * 100);
        assertEquals(before, figure, before * 0.002, "one unconfirmed run moves nothing");
        assertEquals(1, afterOne.getInt("segments[0].unconfirmedRuns"));
        assertEquals(
                "00000000-0000-4000-8000-000000000210",
                afterOne.getString("rows[0].runId"),
                "the newest run is linked");
        JsonPath latest = board("&basis=latest", 0);
        assertEquals(
                85_000, latest.getDouble("rows[0].bestThroughput"), 100, "the newest run alone, one parameter away");
        assertEquals("latest", latest.getString("basis"));
        assertTrue(latest.getList("segments").isEmpty());

        Api.store(SignedRuns.nettyDay(2, 11, 85_000 * 1.002));
        board("", 2);
        Api.store(SignedRuns.nettyDay(2, 12, 85_000 * 0.998));
        JsonPath confirmed = board("", 3);
        double moved = confirmed.getDouble("rows[0].bestThroughput");
        System.out.printf("board after three runs at the new level: %.0f%n", moved);
        assertEquals(85_000, moved, 300, "a confirmed step moves the figure to the new segment");
        assertEquals(3, confirmed.getInt("segments[0].runs"));
        assertEquals("00000000-0000-4000-8000-000000000210", confirmed.getString("segments[0].fromRunId"));
        assertEquals(0, confirmed.getInt("segments[0].unconfirmedRuns"));

        // left out unless asked for (the site does not show them, and they are as large as the rows)
        var plain = Api.json("/api/leaderboard?scenario=plaintext");
        assertTrue(plain.getMap("$").containsKey("rows"));
        assertTrue(!plain.getMap("$").containsKey("segments"), "no segments unless segments=include");
        assertEquals(moved, plain.getDouble("rows[0].bestThroughput"), 1e-6, "the same figures either way");
        given().get("/api/leaderboard?scenario=plaintext&segments=yes")
                .then()
                .statusCode(400)
                .body("detail", org.hamcrest.Matchers.containsString("'segments' must be one of include, omit"));
        assertTrue(confirmed.getDouble("rows[0].ciHigh") < 90_000, confirmed.getString("rows[0].ciHigh"));
    }

    @Test
    void theIntervalOfSeveralRunsHasTheirRunToRunSpreadInIt() throws Exception {
        // six runs of one level whose figures differ by +-5% from run to run, the repeats of each within 1%
        for (int day = 1; day <= 6; day++) {
            Api.store(SignedRuns.nettyDay(2, day, day % 2 == 0 ? 105_000 : 95_000));
        }
        JsonPath board = board("", 0);
        double low = board.getDouble("rows[0].ciLow");
        double high = board.getDouble("rows[0].ciHigh");
        System.out.printf("segment of 6 runs at 95k/105k: %.0f - %.0f%n", low, high);
        assertEquals(6, board.getInt("segments[0].runs"));
        assertEquals(100_000, board.getDouble("rows[0].bestThroughput"), 200, "the mean of the runs' figures");
        // t(0.975, 5) x 5,477 / sqrt(6) = 5,750 either side; the 30 repeats pooled as one sample gave +-1,900, which
        // the next run at 95k or 105k (the level's own run-to-run noise) would fall outside of
        assertTrue(low < 95_500 && high > 104_500, low + " - " + high);
        assertEquals(6, board.getInt("rows[0].forks"), "six runs of one JVM start each");
    }

    @Test
    void aLongSegmentPoolsItsNewestThirtyRuns() throws Exception {
        // 35 runs of one level from 1 October, a day apart: no change point, so the whole series is one segment
        for (int i = 0; i < 35; i++) {
            double level = 100_000 * (1 + 0.01 * (i % 3));
            Api.store(SignedRuns.run(
                            String.format("00000000-0000-4000-8000-0000000031%02d", i),
                            java.time.LocalDate.of(2026, 10, 1).plusDays(i) + "T08:00:00Z")
                    .netty(256, SignedRuns.around(level))
                    .envelope());
        }
        JsonPath board = board("", 0);
        assertEquals(30, board.getInt("segments[0].runs"), "the newest 30 runs, not all 35");
        assertEquals("00000000-0000-4000-8000-000000003105", board.getString("segments[0].fromRunId"));
        assertEquals("00000000-0000-4000-8000-000000003134", board.getString("segments[0].toRunId"));
        assertEquals(30, board.getInt("rows[0].forks"), "thirty runs of one JVM start each");
    }

    @Test
    void anUnknownBasisIsRefusedByName() {
        given().get(BOARD + "&basis=median")
                .then()
                .statusCode(400)
                .contentType("application/problem+json")
                .body("field", org.hamcrest.Matchers.equalTo("basis"));
    }
}
