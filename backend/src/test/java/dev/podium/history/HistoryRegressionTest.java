package dev.podium.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.leaderboard.SignedRuns;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.SeededOnceTest;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The history's regression check takes the runs as units (issue 25): five runs whose figures spread 5% from run to run,
 * each with repeats within 1% of its figure, then a newest run. Seven percent below them is inside their spread and no
 * regression, however tight its repeats (the old rule, Welch's test of its repeats against the previous runs' pooled
 * repeats, flagged it); fifteen percent below is flagged.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class HistoryRegressionTest extends SeededOnceTest {

    static final String PREFIX = "00000000-0000-4000-8000-0000000026";
    static final double[] LEVELS = {100_000, 105_000, 95_000, 105_000, 95_000};

    HistoryRegressionTest() {
        super(6, PREFIX + "06", HistoryRegressionTest::seedRuns);
    }

    static void seedRuns() {
        for (int i = 0; i < 6; i++) {
            double steady = i < 5 ? LEVELS[i] : 93_000; // -7%
            double dropped = i < 5 ? LEVELS[i] : 85_000; // -15%
            SignedRuns.run(PREFIX + "0" + (i + 1), "2026-11-0" + (i + 1) + "T08:00:00Z")
                    .cell("Steady", "1.0", "non-blocking", "json", 256, 2, false, 2, 0, SignedRuns.around(steady))
                    .cell("Dropped", "1.0", "non-blocking", "json", 256, 2, false, 2, 0, SignedRuns.around(dropped))
                    .store();
        }
    }

    private static JsonPath history(String framework) {
        JsonPath h = Api.json("/api/history?scenario=json&framework=" + framework);
        assertEquals(1, h.getList("series").size());
        return h;
    }

    @Test
    void a_run_inside_the_run_to_run_spread_is_not_flagged_however_tight_its_repeats() {
        JsonPath h = history("Steady");
        assertEquals(
                List.of(100_000.0, 105_000.0, 95_000.0, 105_000.0, 95_000.0, 93_000.0),
                h.getList("series[0].points.throughput", Double.class));
        assertEquals(List.of(false, false, false, false, false, false), h.getList("series[0].points.regression"));
        String detail = h.getString("series[0].points[5].regressionDetail");
        assertTrue(
                detail.startsWith(
                        "-7.0% against the median 100,000 req/s of the previous 5 runs; run-to-run sd 5,000"
                                + " req/s (5.0%), 95% lower prediction bound 88,323 req/s, t = -1.28, df = 4, one-sided p = 0.135"),
                detail);
        assertTrue(detail.endsWith(": within the runs' spread"), detail);
    }

    @Test
    void a_fifteen_percent_drop_is_flagged() {
        JsonPath h = history("Dropped");
        assertEquals(List.of(false, false, false, false, false, true), h.getList("series[0].points.regression"));
        assertEquals(
                "-15.0% against the median 100,000 req/s of the previous 5 runs; run-to-run sd 5,000 req/s (5.0%),"
                        + " 95% lower prediction bound 88,323 req/s, t = -2.74, df = 4, one-sided p = 0.026: regression",
                h.getString("series[0].points[5].regressionDetail"));
    }
}
