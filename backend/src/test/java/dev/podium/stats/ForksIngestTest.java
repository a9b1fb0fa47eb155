package dev.podium.stats;

import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.TestSigner;
import dev.podium.testing.TestVectors;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Forks (issue 25): a cell measured over several JVM starts is stored with each repeat's start and its figure and
 * interval pooled over the starts (methodology section 4); a one-start cell keeps exactly the statistics it had.
 * schema/testdata/payloads/valid/v2-forks.json: two cells, each with start 0 at 100,000.5, 100,800 and 99,600 req/s
 * and start 1 at 116,000, 116,800 and 115,200 (the starts differ by 16%, the repeats within a start by about 1%).
 * t quantiles (0.975): 12.706204736174698 (1 df), 2.5705818356363146 (5 df), 4.302652729749464 (2 df).
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class ForksIngestTest extends EmptyDatabaseTest {

    private static final String FORKS_ID = "7c1e2a90-3b4d-4e5f-8a6b-9c0d1e2f3a0f";
    private static final String ONE_START_ID = "7c1e2a90-3b4d-4e5f-8a6b-9c0d1e2f3a10";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double[] RPS = {100000.5, 100800, 99600, 116000, 116800, 115200};

    /** The stored warm-up of each cell, in payload order. */
    private List<String> warmups() {
        List<String> out = new ArrayList<>();
        rows.query("select warmup from cells order by ordinal", rs -> out.add(rs.getString(1)));
        return out;
    }

    private static JsonPath cell(String runId) {
        return Api.json("/api/runs/" + runId);
    }

    @Test
    void a_two_start_cell_is_stored_with_each_repeats_start_and_an_interval_over_the_starts() throws Exception {
        Api.store(TestVectors.envelope("v2-forks"));
        JsonPath run = cell(FORKS_ID);

        assertEquals(List.of(0, 0, 0, 1, 1, 1), run.getList("cells[0].repeats.fork", Integer.class));
        assertEquals(2, run.getInt("cells[0].stats.forks"));
        assertEquals(List.of("full", "check"), warmups());
        double low = run.getDouble("cells[0].stats.rpsCiLow");
        double high = run.getDouble("cells[0].stats.rpsCiHigh");

        // the mean of the starts' means (100,133.5 and 116,000) +- t(1) x sd(means) / sqrt(2): (7,265, 208,868), on
        // the log scale around the figure (the mean of each start's trimmed mean): (42,494, 274,487)
        double center = (100133.5 + 116000) / 2;
        double half = 12.706204736174698 / 2 * (116000 - 100133.5);
        double figure = (100000.5 + 116000) / 2;
        assertEquals(figure * Math.exp(-half / center), low, 1e-5 * figure); // answers round to 6 significant digits
        assertEquals(figure * Math.exp(half / center), high, 1e-5 * high);
        assertTrue(low > 0);
        assertEquals(center, run.getDouble("cells[0].stats.rpsMean"), 1);
        // the figure: the mean of each start's trimmed mean
        assertEquals((100000.5 + 116000) / 2, run.getDouble("cells[0].stats.rpsTrimmedMean"), 1);

        // wider than the interval of the six repeats taken as one start, and than start 0's own
        double oneStartHalf = 2.5705818356363146 * 8713.72786900073 / Math.sqrt(6);
        assertTrue(high - low > 2 * oneStartHalf, (high - low) + " vs " + 2 * oneStartHalf);
        double[] start0 = StudentT.meanInterval(new double[] {100000.5, 100800, 99600});
        assertTrue(high - low > start0[1] - start0[0]);
        // the starts' spread is reported; noisy judges the repeats within a start (about 0.7%), not the 16% between
        assertEquals(0.1038, run.getDouble("cells[0].stats.rpsForkCv"), 1e-3);
        assertEquals(false, run.getBoolean("cells[0].stats.noisy"));
    }

    @Test
    void a_one_start_cell_keeps_todays_statistics_whether_or_not_its_repeats_name_start_0() throws Exception {
        ObjectNode payload = (ObjectNode) JSON.readTree(TestVectors.bytes("payloads/valid/v2-forks.json"));
        payload.put("runId", ONE_START_ID);
        payload.withArray("results").forEach(c -> c.withArray("repeats").forEach(r -> ((ObjectNode) r).put("fork", 0)));
        ((ObjectNode) payload.withArray("results").get(1))
                .withArray("repeats")
                .forEach(r -> ((ObjectNode) r).remove("fork"));
        Api.store(TestSigner.envelope("test-agent", TestSigner.V2_PAYLOAD_TYPE, JSON.writeValueAsBytes(payload)));

        JsonPath run = cell(ONE_START_ID);
        // the t interval of the repeats' mean, on the log scale around the figure (their trimmed mean)
        double[] t = StudentT.meanInterval(RPS);
        double mean = (t[0] + t[1]) / 2;
        double figure = CellStatistics.trimmedMean(RPS);
        double[] today = {figure * Math.exp(-(t[1] - t[0]) / 2 / mean), figure * Math.exp((t[1] - t[0]) / 2 / mean)};
        for (int c = 0; c < 2; c++) {
            String at = "cells[" + c + "].stats.";
            assertEquals(1, run.getInt(at + "forks"));
            assertNull(run.get(at + "rpsForkCv"));
            // the answers round every figure to 6 significant digits (Figures)
            assertEquals(today[0], run.getDouble(at + "rpsCiLow"), 0.1);
            assertEquals(today[1], run.getDouble(at + "rpsCiHigh"), 0.1);
            assertEquals(CellStatistics.trimmedMean(RPS), run.getDouble(at + "rpsTrimmedMean"), 0.1);
            assertEquals(List.of(0, 0, 0, 0, 0, 0), run.getList("cells[" + c + "].repeats.fork", Integer.class));
        }
        // and the one-start statistics are today's: the same as CellStatistics gives repeats without a start
        CellStats expected = CellStatistics.of(
                java.util.Arrays.stream(RPS)
                        .mapToObj(v -> new RepeatFigures(1500000, v, 0.55, 0.9, 2.1, 0))
                        .toList(),
                1);
        assertEquals(expected.rpsCiLow(), run.getDouble("cells[1].stats.rpsCiLow"), 0.1);
        assertEquals(expected.rpsStddev(), run.getDouble("cells[1].stats.rpsStddev"), 0.01);
        assertEquals(expected.rpsCv(), run.getDouble("cells[1].stats.rpsCv"), 1e-6);
    }

    @Test
    void compare_and_the_leaderboard_say_how_many_starts_an_interval_rests_on() throws Exception {
        Api.store(TestVectors.envelope("v2-forks"));
        Api.ok("/api/leaderboard?scenario=plaintext&flagged=include").body("rows.forks", everyItem(equalTo(2)));
        JsonPath run = cell(FORKS_ID);
        long a = run.getLong("cells[0].id");
        long b = run.getLong("cells[1].id");
        Api.ok("/api/compare?a=" + a + "&b=" + b).body("a.forks", equalTo(2)).body("b.forks", equalTo(2));
        Api.ok("/api/runs/" + FORKS_ID + "/cells?format=json").body("items.stats.forks", contains(2, 2));
    }
}
