package dev.podium.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.framework.Slugs;
import dev.podium.leaderboard.SignedRuns;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * One verdict for every pair (issue 40), through the running service: on seeded boards of random figures and spreads,
 * for every pair of rows, the board's rank ranges, compare, the badges, the framework pages and the calculator say
 * the same thing: 0 contradictions. A contradiction: compare decides a pair whose ranges overlap in the wrong order or
 * share a range, compare cannot tell a pair whose ranges are apart, a badge or a framework page shows another range
 * than the board, or the calculator's verdict differs from compare's.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class OneVerdictTest extends EmptyDatabaseTest {

    private static final String[] NAMES = {
        "Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliett"
    };

    @Test
    void every_view_gives_the_boards_verdict_on_every_pair() {
        Random random = new Random(40);
        int contradictions = 0;
        int pairs = 0;
        int decided = 0;
        for (int board = 0; board < 3; board++) {
            rows.resetWithTestAgent();
            int n = 3 + random.nextInt(NAMES.length - 2);
            SignedRuns run = SignedRuns.run(
                    java.util
                            .UUID
                            .nameUUIDFromBytes(("board" + board).getBytes())
                            .toString(),
                    "2026-11-2" + board + "T08:00:00Z");
            for (int i = 0; i < n; i++) {
                double level = 20_000 * Math.exp(random.nextGaussian() * 0.6);
                double spread = 0.01 + 0.08 * random.nextDouble();
                double[] rps = new double[3 + random.nextInt(3)];
                for (int k = 0; k < rps.length; k++) {
                    rps[k] = level * (1 + spread * random.nextGaussian());
                }
                run.cell(NAMES[i], "1.0", "non-blocking", "plaintext", 64, 2, false, 5, 0, rps);
            }
            run.store();
            JsonPath lb = Api.json("/api/leaderboard?scenario=plaintext");
            List<Map<String, Object>> listed = lb.getList("rows");
            assertEquals(n, listed.size());
            for (int i = 0; i < n; i++) {
                Map<String, Object> a = listed.get(i);
                String slug = Slugs.of((String) a.get("framework"));
                String badge =
                        Api.json("/api/badges/" + slug + "/plaintext.json").getString("message");
                String range = range(a);
                contradictions += badge.startsWith("rank " + range + " of " + n) ? 0 : complain("badge " + badge, a);
                JsonPath page = Api.json("/api/frameworks/" + slug);
                Map<String, Object> figure = page.getMap("scenarios.find { it.scenario == 'plaintext' }.rows[0]");
                contradictions += a.get("rank").equals(figure.get("rank"))
                                && a.get("rankHigh").equals(figure.get("rankHigh"))
                        ? 0
                        : complain("framework page " + figure, a);
                for (int j = i + 1; j < n; j++) {
                    Map<String, Object> b = listed.get(j);
                    pairs++;
                    JsonPath c = Api.json("/api/compare?a=" + cell(b) + "&b=" + cell(a));
                    assertNotNull(c.getString("board"), "both are rows of the board: its verdict");
                    String outcome = c.getString("outcome");
                    boolean apart = (int) a.get("rankHigh") < (int) b.get("rank");
                    boolean shared = range(a).equals(range(b));
                    if (outcome.equals("faster")) {
                        decided++;
                        boolean ordered = (int) a.get("rank") < (int) b.get("rank")
                                && (int) a.get("rankHigh") < (int) b.get("rankHigh");
                        contradictions += ordered && !shared ? 0 : complain("decided but ranked " + range(b), a);
                    } else if (outcome.equals("cannot-tell")) {
                        contradictions += apart ? complain("cannot tell, ranges apart from " + range(b), a) : 0;
                    } else {
                        contradictions += complain("the lower figure decided faster than " + b.get("framework"), a);
                    }
                    String calculator = Api.json("/api/calculator?scenario=plaintext&from=" + b.get("framework")
                                    + "&to=" + a.get("framework") + "&servers=4&current=1000&required=3000")
                            .getString("verdict.outcome");
                    contradictions += outcome.equals(calculator) ? 0 : complain("calculator " + calculator, a);
                }
            }
        }
        System.out.printf("one verdict: %d pairs, %d decided, %d contradictions%n", pairs, decided, contradictions);
        assertTrue(decided > 0 && decided < pairs, "the seeded boards decide some pairs and not others: " + decided);
        assertEquals(0, contradictions);
    }

    private static int complain(String what, Map<String, Object> row) {
        System.out.println("contradiction at " + row.get("framework") + " " + range(row) + ": " + what);
        return 1;
    }

    private static long cell(Map<String, Object> row) {
        Object sla = row.get("slaCellId");
        return ((Number) (sla != null ? sla : row.get("bestCellId"))).longValue();
    }

    private static String range(Map<String, Object> row) {
        Object low = row.get("rank");
        Object high = row.get("rankHigh");
        return low.equals(high) ? String.valueOf(low) : low + "-" + high;
    }

    @Test
    void no_interval_of_a_positive_figure_reaches_zero_on_any_read() {
        // two JVM starts 2x apart: their t interval over the starts (t = 12.7) crosses zero; every read stays above it
        SignedRuns.run("00000000-0000-4000-8000-0000000004a1", "2026-11-20T08:00:00Z")
                .cell("Alpha", "1.0", "non-blocking", "plaintext", 64, 2, false, 5, 0, 10_000, 10_500, 30_000)
                .cell("Bravo", "1.0", "non-blocking", "plaintext", 64, 2, false, 5, 0, 1_000, 9_000, 30_000)
                .store();
        List<String> bounds = new ArrayList<>();
        JsonPath lb = Api.json("/api/leaderboard?scenario=plaintext");
        bounds.addAll(lb.getList("rows.ciLow", String.class));
        bounds.addAll(lb.getList("rows.throughputByConnections.ciLow.flatten()", String.class));
        JsonPath run = Api.json("/api/runs/00000000-0000-4000-8000-0000000004a1");
        bounds.addAll(run.getList("cells.stats.rpsCiLow", String.class));
        JsonPath scaling = Api.json("/api/scaling?scenario=plaintext");
        bounds.addAll(scaling.getList("series.points.ciLow.flatten()", String.class));
        JsonPath history = Api.json("/api/history?scenario=plaintext&framework=Bravo");
        bounds.addAll(history.getList("series.points.ciLow.flatten()", String.class));
        long a = run.getLong("cells.find { it.framework == 'Alpha' }.id");
        long b = run.getLong("cells.find { it.framework == 'Bravo' }.id");
        JsonPath c = Api.json("/api/compare?a=" + a + "&b=" + b);
        bounds.add(c.getString("ratioCiLow"));
        bounds.add(c.getString("a.ciLow"));
        bounds.add(c.getString("b.ciLow"));
        // every read gave bounds to check, not nulls only: the cells' own two, the board's two rows, their sweeps
        assertTrue(bounds.stream().filter(java.util.Objects::nonNull).count() >= 8, "bounds read: " + bounds);
        for (String bound : bounds) {
            if (bound != null) {
                assertTrue(Double.parseDouble(bound) > 0, "a bound at or below zero: " + bounds);
            }
        }
    }
}
