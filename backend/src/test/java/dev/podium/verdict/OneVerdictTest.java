package dev.podium.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.framework.Slugs;
import dev.podium.leaderboard.SignedRuns;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.TestSigner;
import dev.podium.testing.TestVectors;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * One verdict for every pair (issue 40), through the running service: on seeded boards of random figures and spreads
 * (2 to 30 frameworks, one or two scenarios, measured one target after another or in interleaved rounds), for every
 * pair of rows of every scenario, the board's rank ranges, compare, the badges, the framework pages and the calculator
 * say the same thing, and so do the composite and the diff of two runs: 0 contradictions. A contradiction: compare
 * decides a pair whose ranges overlap in the wrong order or share a range, compare cannot tell a pair whose ranges
 * are apart, a badge or a framework page shows another range than the board, the calculator's verdict differs from
 * compare's; a composite of one scenario ranks otherwise than that scenario's board, or a composite decides a pair
 * against the verdict of every scenario's board; the diff reports a move that compare of the same two cells does not
 * decide the same way.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class OneVerdictTest extends EmptyDatabaseTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static final String[] NAMES = {
        "Alpha",
        "Bravo",
        "Charlie",
        "Delta",
        "Echo",
        "Foxtrot",
        "Golf",
        "Hotel",
        "India",
        "Juliett",
        "Kilo",
        "Lima",
        "Mike",
        "November",
        "Oscar",
        "Papa",
        "Quebec",
        "Romeo",
        "Sierra",
        "Tango",
        "Uniform",
        "Victor",
        "Whiskey",
        "Xray",
        "Yankee",
        "Zulu",
        "Alpha Two",
        "Bravo Two",
        "Charlie Two",
        "Delta Two"
    };

    /** A seeded board: its size, its scenarios, whether its runs are in rounds. */
    private record Seed(int frameworks, List<String> scenarios, boolean inRounds) {}

    private int contradictions;
    private int pairs;
    private int decided;
    private int paired;
    private int moves;

    @Test
    void every_view_gives_the_boards_verdict_on_every_pair() throws Exception {
        Random random = new Random(40);
        List<Seed> seeds = List.of(
                new Seed(2, List.of("plaintext"), false),
                new Seed(7, List.of("plaintext", "json"), true),
                new Seed(12, List.of("plaintext"), true),
                new Seed(30, List.of("plaintext"), false),
                new Seed(5, List.of("plaintext", "json"), false),
                new Seed(14, List.of("plaintext", "json"), true));
        for (int b = 0; b < seeds.size(); b++) {
            Seed seed = seeds.get(b);
            rows.resetWithTestAgent();
            // each framework's level, its spread, and what its second run does: half stay, half move by -50% or +80%
            Map<String, double[]> levels = new LinkedHashMap<>();
            for (int i = 0; i < seed.frameworks(); i++) {
                levels.put(NAMES[i], new double[] {
                    20_000 * Math.exp(random.nextGaussian() * 0.6),
                    0.01 + 0.08 * random.nextDouble(),
                    random.nextDouble() < 0.5 ? 1 : random.nextBoolean() ? 0.5 : 1.8
                });
            }
            String first = UUID.nameUUIDFromBytes(("board" + b).getBytes()).toString();
            String second =
                    UUID.nameUUIDFromBytes(("board" + b + "again").getBytes()).toString();
            store(seed, first, "2026-11-2" + b + "T08:00:00Z", levels, random, false);
            Map<String, Map<String, List<Object>>> ranges = new LinkedHashMap<>();
            for (String scenario : seed.scenarios()) {
                ranges.put(scenario, board(scenario, seed));
            }
            composite(seed, ranges);
            store(seed, second, "2026-11-2" + b + "T10:00:00Z", levels, random, true);
            diff(first, second);
        }
        System.out.printf(
                "one verdict: %d pairs, %d decided (%d paired by round), %d diff moves, %d contradictions%n",
                pairs, decided, paired, moves, contradictions);
        assertTrue(decided > 0 && decided < pairs, "the seeded boards decide some pairs and not others: " + decided);
        assertTrue(paired > 0, "some pairs were judged paired by round");
        assertTrue(moves > 0, "the diffs reported some moves");
        assertEquals(0, contradictions);
    }

    /** Checks one scenario's board against every view; returns each framework's [rank, rankHigh] on it. */
    private Map<String, List<Object>> board(String scenario, Seed seed) {
        JsonPath lb = Api.json("/api/leaderboard?scenario=" + scenario);
        List<Map<String, Object>> listed = lb.getList("rows");
        int n = seed.frameworks();
        assertEquals(n, listed.size());
        Map<String, List<Object>> out = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            Map<String, Object> a = listed.get(i);
            out.put((String) a.get("framework"), List.of(a.get("rank"), a.get("rankHigh")));
            String slug = Slugs.of((String) a.get("framework"));
            String badge =
                    Api.json("/api/badges/" + slug + "/" + scenario + ".json").getString("message");
            String range = range(a);
            contradictions += badge.startsWith("rank " + range + " of " + n) ? 0 : complain("badge " + badge, a);
            JsonPath page = Api.json("/api/frameworks/" + slug);
            Map<String, Object> figure = page.getMap("scenarios.find { it.scenario == '" + scenario + "' }.rows[0]");
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
                paired += c.getBoolean("paired") ? 1 : 0;
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
                String calculator = Api.json("/api/calculator?scenario=" + scenario + "&from=" + b.get("framework")
                                + "&to=" + a.get("framework") + "&servers=4&current=1000&required=3000")
                        .getString("verdict.outcome");
                contradictions += outcome.equals(calculator) ? 0 : complain("calculator " + calculator, a);
            }
        }
        return out;
    }

    /**
     * The composite: of one scenario, the same rank ranges as its board; of several, never a pair decided against the
     * verdict of every scenario's board.
     */
    private void composite(Seed seed, Map<String, Map<String, List<Object>>> boards) {
        List<Map<String, Object>> rows = Api.json("/api/composite").getList("rows");
        assertEquals(seed.frameworks(), rows.size());
        if (seed.scenarios().size() == 1) {
            Map<String, List<Object>> board = boards.get(seed.scenarios().get(0));
            for (Map<String, Object> r : rows) {
                List<Object> range = List.of(r.get("rank"), r.get("rankHigh"));
                contradictions += range.equals(board.get(r.get("framework")))
                        ? 0
                        : complain(
                                "composite " + range + ", its one scenario's board " + board.get(r.get("framework")),
                                r);
            }
            return;
        }
        for (Map<String, Object> a : rows) {
            for (Map<String, Object> b : rows) {
                if ((int) a.get("rankHigh") >= (int) b.get("rank")) {
                    continue; // the composite does not decide a faster than b
                }
                boolean everyBoardSaysOtherwise = boards.values().stream().allMatch(board -> {
                    List<Object> ra = board.get(a.get("framework"));
                    List<Object> rb = board.get(b.get("framework"));
                    return (int) rb.get(1) < (int) ra.get(0);
                });
                contradictions += everyBoardSaysOtherwise
                        ? complain("composite decides it faster than " + b.get("framework") + ", every board slower", a)
                        : 0;
            }
        }
    }

    /**
     * The diff of the two runs: every move it reports, compare of the same two cells (a before, b after: "faster" says
     * b is faster than a, as the diff's "improved") decides the same way.
     */
    private void diff(String first, String second) {
        List<Map<String, Object>> moved =
                Api.json("/api/diff?a=" + first + "&b=" + second).getList("moved");
        for (Map<String, Object> m : moved) {
            if (!m.get("metric").equals("throughput")) {
                continue;
            }
            moves++;
            String outcome = Api.json("/api/compare?a=" + m.get("cellA") + "&b=" + m.get("cellB"))
                    .getString("outcome");
            String expected = (boolean) m.get("improved") ? "faster" : "slower";
            contradictions +=
                    outcome.equals(expected) ? 0 : complain("diff moved " + expected + ", compare " + outcome, m);
        }
    }

    /**
     * Stores one run of the seeded frameworks: each one's level (moved by its factor in the second run) with its
     * spread; in rounds, three rounds of two repeats, the rounds moving together by up to 6% (the host's drift).
     */
    private void store(
            Seed seed, String runId, String startedAt, Map<String, double[]> levels, Random random, boolean again)
            throws Exception {
        if (!seed.inRounds()) {
            SignedRuns run = SignedRuns.run(runId, startedAt);
            for (String scenario : seed.scenarios()) {
                levels.forEach((name, l) -> {
                    double level = l[0] * (again ? l[2] : 1) * (scenario.equals("json") ? 0.7 : 1);
                    double[] rps = new double[3 + random.nextInt(3)];
                    for (int k = 0; k < rps.length; k++) {
                        rps[k] = level * (1 + l[1] * random.nextGaussian());
                    }
                    run.cell(name, "1.0", "non-blocking", scenario, 64, 2, false, 5, 0, rps);
                });
            }
            run.store();
            return;
        }
        ObjectNode payload = (ObjectNode) JSON.readTree(TestVectors.bytes("payloads/valid/v2-rounds.json"));
        ObjectNode template = (ObjectNode) payload.withArray("results").get(0);
        ArrayNode results = JSON.createArrayNode();
        payload.put("runId", runId)
                .put("startedAt", startedAt)
                .put("finishedAt", startedAt.replace(":00:00Z", ":50:00Z"));
        double[] drift = {1, 1 + 0.06 * random.nextGaussian(), 1 + 0.06 * random.nextGaussian()};
        for (String scenario : seed.scenarios()) {
            List<String> names = new ArrayList<>(levels.keySet());
            List<List<String>> orders = new ArrayList<>();
            for (int round = 0; round < 3; round++) {
                List<String> order = new ArrayList<>(names);
                java.util.Collections.shuffle(order, random);
                orders.add(order);
            }
            for (String name : names) {
                double[] l = levels.get(name);
                double level = l[0] * (again ? l[2] : 1) * (scenario.equals("json") ? 0.7 : 1);
                ObjectNode cell = template.deepCopy();
                cell.put("framework", name).put("frameworkVersion", "1.0").put("scenario", scenario);
                ArrayNode repeats = JSON.createArrayNode();
                ArrayNode starts = JSON.createArrayNode();
                ObjectNode repeat = (ObjectNode) template.withArray("repeats").get(0);
                for (int round = 0; round < 3; round++) {
                    double start = level * drift[round] * (1 + l[1] * random.nextGaussian());
                    for (int k = 0; k < 2; k++) {
                        double rps = start * (1 + 0.01 * random.nextGaussian());
                        ObjectNode r = repeat.deepCopy();
                        r.put("fork", round).put("requestsPerSecond", rps).put("requests", Math.round(rps * 15));
                        repeats.add(r);
                    }
                    starts.addObject()
                            .put("fork", round)
                            .put("round", round)
                            .put(
                                    "startedAt",
                                    startedAt
                                            .replace("08:00:00Z", "08:" + (10 + round * 10) + ":00Z")
                                            .replace("10:00:00Z", "10:" + (10 + round * 10) + ":00Z"))
                            .put("order", orders.get(round).indexOf(name));
                }
                cell.set("repeats", repeats);
                cell.set("starts", starts);
                results.add(cell);
            }
        }
        payload.set("results", results);
        Api.store(TestSigner.envelope("test-agent", TestSigner.V2_PAYLOAD_TYPE, JSON.writeValueAsBytes(payload)));
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
        return low == null ? "" : low.equals(high) ? String.valueOf(low) : low + "-" + high;
    }
}
