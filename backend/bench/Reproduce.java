/*
 * Does a verdict reproduce? (issue 39, item 6.) Reads two arms of two runs each, measured one after the other on the
 * same cells (backend/bench/reproduce.sh: `podium-agent run --output`), judges every run alone with the service's own
 * comparison engine (dev.podium.verdict: each cell's figure and interval by dev.podium.stats.CellStatistics as ingest
 * computes them, paired by round where the run was measured in rounds) and prints, per arm:
 *   - each target's figure and 95% interval in both runs, and whether the second run's figure falls in the first's;
 *   - Kendall's tau between the two runs' orders;
 *   - the pairs decided by each run (on its board: the false-discovery rule of methodology section 10), decided
 *     alike by both, and decided in opposite orders;
 *   - for every pair, whether the second run's ratio falls inside the first run's 95% ratio interval (the pair alone).
 * Then the criteria for the rounds arm against the sequential one. A pure computation over files.
 *
 *   java -cp 'target/classes:DEPENDENCIES' backend/bench/Reproduce.java rounds-1.json rounds-2.json \
 *       sequential-1.json sequential-2.json
 */
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.rounds.JvmStart;
import dev.podium.rounds.JvmStarts;
import dev.podium.stats.CellStatistics;
import dev.podium.stats.CellStats;
import dev.podium.stats.RepeatFigures;
import dev.podium.verdict.BoardVerdicts;
import dev.podium.verdict.CellEvidence;
import dev.podium.verdict.Comparisons;
import dev.podium.verdict.Evidence;
import dev.podium.verdict.Outcome;
import dev.podium.verdict.Verdict;
import java.io.File;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;

public class Reproduce {

    /** One cell of one run as the engine judges it: its figure, its 95% interval, its evidence. */
    record Judged(double figure, Double low, Double high, Evidence evidence) {

        boolean covers(double other) {
            return low != null && other >= low && other <= high;
        }
    }

    /** What one arm gave: the counts the criteria read. */
    record ArmResult(int pairs, int decidedAlike, int opposite, int ratioHits, int figureHits, int targets) {}

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: Reproduce rounds-1.json rounds-2.json sequential-1.json sequential-2.json");
            System.exit(2);
        }
        ArmResult rounds = arm("rounds", args[0], args[1]);
        ArmResult sequential = arm("sequential", args[2], args[3]);
        System.out.println();
        System.out.println("criteria (issue 39), the rounds arm:");
        criterion(rounds.opposite() == 0, "no pair decided in opposite orders: " + rounds.opposite());
        criterion(
                rounds.decidedAlike() >= sequential.decidedAlike(),
                "at least as many pairs decided alike as the sequential arm: " + rounds.decidedAlike() + " against "
                        + sequential.decidedAlike());
        criterion(
                rounds.decidedAlike() >= 0.6 * rounds.pairs(),
                "at least 60% of the pairs decided alike: " + share(rounds.decidedAlike(), rounds.pairs()));
        criterion(
                rounds.ratioHits() >= 0.9 * rounds.pairs(),
                "the second run's ratio inside the first run's ratio interval for at least 90% of the pairs: "
                        + share(rounds.ratioHits(), rounds.pairs()));
        System.out.println("beside them, however they come out (a whole run's drift is beyond any one run's interval):");
        System.out.println("  absolute figures inside the first run's interval: rounds "
                + share(rounds.figureHits(), rounds.targets()) + ", sequential "
                + share(sequential.figureHits(), sequential.targets()));
        System.out.println("  sequential arm: " + sequential.opposite() + " pairs in opposite orders, ratio coverage "
                + share(sequential.ratioHits(), sequential.pairs()));
    }

    static void criterion(boolean holds, String what) {
        System.out.println("  " + (holds ? "holds:         " : "DOES NOT HOLD: ") + what);
    }

    static String share(int k, int n) {
        return String.format(Locale.ROOT, "%d of %d (%.0f%%)", k, n, n == 0 ? 0.0 : 100.0 * k / n);
    }

    /** Reads an arm's two runs and prints its report, per scenario. */
    static ArmResult arm(String name, String first, String second) throws Exception {
        ObjectMapper json = new ObjectMapper();
        Map<String, Map<String, Judged>> a = judged(json.readTree(new File(first)));
        Map<String, Map<String, Judged>> b = judged(json.readTree(new File(second)));
        System.out.println();
        System.out.println("== arm " + name + ": " + first + " then " + second);
        int pairs = 0, decidedFirst = 0, decidedSecond = 0, alike = 0, opposite = 0, ratioHits = 0;
        int figureHits = 0, targets = 0;
        for (String scenario : new TreeSet<>(a.keySet())) {
            Map<String, Judged> one = a.get(scenario);
            Map<String, Judged> two = b.getOrDefault(scenario, Map.of());
            List<String> names = new ArrayList<>(one.keySet());
            names.retainAll(two.keySet());
            names.sort((x, y) -> Double.compare(one.get(y).figure(), one.get(x).figure()));
            System.out.println("-- " + scenario + " (" + names.size() + " targets in both runs)");
            System.out.printf(
                    Locale.ROOT,
                    "   %-22s %30s %30s  %s%n",
                    "target",
                    "first run (95% interval)",
                    "second run (95% interval)",
                    "second in first's interval");
            for (String t : names) {
                Judged x = one.get(t), y = two.get(t);
                boolean in = x.covers(y.figure());
                targets++;
                figureHits += in ? 1 : 0;
                System.out.printf(
                        Locale.ROOT,
                        "   %-22s %30s %30s  %s%n",
                        t,
                        interval(x),
                        interval(y),
                        in ? "yes" : "no");
            }
            BoardVerdicts boardOne = Comparisons.board(names.stream().map(t -> one.get(t).evidence()).toList());
            BoardVerdicts boardTwo = Comparisons.board(names.stream().map(t -> two.get(t).evidence()).toList());
            System.out.printf(Locale.ROOT, "   Kendall's tau between the runs' orders: %.2f%n", tau(names, one, two));
            System.out.printf(
                    Locale.ROOT,
                    "   %-40s %-14s %-14s %-30s %s%n",
                    "pair (a vs b)",
                    "first run",
                    "second run",
                    "first run's ratio (95%)",
                    "second's ratio inside");
            for (int i = 0; i < names.size(); i++) {
                for (int j = i + 1; j < names.size(); j++) {
                    pairs++;
                    Outcome v1 = boardOne.between(i, j).verdict();
                    Outcome v2 = boardTwo.between(i, j).verdict();
                    decidedFirst += v1 != Outcome.CANNOT_TELL ? 1 : 0;
                    decidedSecond += v2 != Outcome.CANNOT_TELL ? 1 : 0;
                    if (v1 != Outcome.CANNOT_TELL && v1 == v2) {
                        alike++;
                    } else if (v1 != Outcome.CANNOT_TELL && v2 != Outcome.CANNOT_TELL) {
                        opposite++;
                    }
                    Judged x1 = one.get(names.get(i)), y1 = one.get(names.get(j));
                    Judged x2 = two.get(names.get(i)), y2 = two.get(names.get(j));
                    Verdict ratioOne = Comparisons.pair(x1.evidence(), y1.evidence());
                    double ratioTwo = x2.figure() / y2.figure();
                    boolean inside = ratioOne.low() != null
                            && ratioTwo >= ratioOne.low()
                            && (ratioOne.high() == null || ratioTwo <= ratioOne.high());
                    ratioHits += inside ? 1 : 0;
                    System.out.printf(
                            Locale.ROOT,
                            "   %-40s %-14s %-14s %-30s %s%n",
                            names.get(i) + " vs " + names.get(j),
                            v1.name().toLowerCase(Locale.ROOT),
                            v2.name().toLowerCase(Locale.ROOT),
                            ratioOne.low() == null
                                    ? String.format(Locale.ROOT, "%.3f (no interval)", ratioOne.ratio())
                                    : String.format(
                                            Locale.ROOT,
                                            "%.3f (%.3f-%s)",
                                            ratioOne.ratio(),
                                            ratioOne.low(),
                                            ratioOne.high() == null
                                                    ? "..."
                                                    : String.format(Locale.ROOT, "%.3f", ratioOne.high())),
                            String.format(Locale.ROOT, "%.3f %s", ratioTwo, inside ? "yes" : "no"));
                }
            }
        }
        System.out.println("   pairs: " + pairs + "; decided by the first run " + decidedFirst + ", by the second "
                + decidedSecond + "; decided alike by both " + alike + ", in opposite orders " + opposite);
        System.out.println("   the second run's ratio inside the first run's 95% ratio interval: " + share(ratioHits, pairs));
        System.out.println("   the second run's figure inside the first run's 95% interval: " + share(figureHits, targets));
        return new ArmResult(pairs, alike, opposite, ratioHits, figureHits, targets);
    }

    static String interval(Judged j) {
        return j.low() == null
                ? String.format(Locale.ROOT, "%.0f", j.figure())
                : String.format(Locale.ROOT, "%.0f (%.0f-%.0f)", j.figure(), j.low(), j.high());
    }

    /** Kendall's tau-a of the two runs' figures over the targets. */
    static double tau(List<String> names, Map<String, Judged> one, Map<String, Judged> two) {
        int concordant = 0, discordant = 0;
        for (int i = 0; i < names.size(); i++) {
            for (int j = i + 1; j < names.size(); j++) {
                double d1 = one.get(names.get(i)).figure() - one.get(names.get(j)).figure();
                double d2 = two.get(names.get(i)).figure() - two.get(names.get(j)).figure();
                if (d1 * d2 > 0) {
                    concordant++;
                } else if (d1 * d2 < 0) {
                    discordant++;
                }
            }
        }
        int n = names.size() * (names.size() - 1) / 2;
        return n == 0 ? Double.NaN : (double) (concordant - discordant) / n;
    }

    /** A run's closed-loop cells, by scenario and connections, then by target: each judged as the board judges it. */
    static Map<String, Map<String, Judged>> judged(JsonNode payload) {
        UUID run = UUID.fromString(payload.path("runId").asText());
        Map<String, Map<String, Judged>> out = new LinkedHashMap<>();
        for (JsonNode c : payload.path("results")) {
            if (!"closed".equals(c.path("loadModel").asText()) || c.path("baseline").asBoolean()) {
                continue;
            }
            int vcpus = c.path("vcpus").asInt();
            List<RepeatFigures> repeats = new ArrayList<>();
            JsonNode reps = c.path("repeats");
            int[] forks = new int[reps.size()];
            double[] rps = new double[reps.size()];
            for (int i = 0; i < reps.size(); i++) {
                JsonNode r = reps.get(i);
                forks[i] = r.path("fork").asInt(0);
                rps[i] = r.path("requestsPerSecond").asDouble();
                repeats.add(new RepeatFigures(
                        r.path("requests").asLong(),
                        rps[i],
                        r.path("latencyMs").path("p50").asDouble(),
                        r.path("latencyMs").path("p90").asDouble(),
                        r.path("latencyMs").path("p99").asDouble(),
                        0,
                        0,
                        null,
                        null,
                        forks[i]));
            }
            CellStats stats = CellStatistics.of(repeats, vcpus);
            Evidence evidence = CellEvidence.of(stats, stats.rpsTrimmedMean(), false, run);
            if (evidence == null) {
                continue;
            }
            List<JvmStart> starts = JvmStarts.of(c.get("starts"), forks, rps);
            if (starts != null) {
                Map<Integer, Double> byRound = new HashMap<>();
                starts.forEach(s -> byRound.put(s.round(), s.figure()));
                evidence = evidence.inRounds(byRound);
            }
            String scenario = c.path("scenario").asText() + " c=" + c.path("connections").asInt() + " " + vcpus + " vCPU";
            String target = c.path("framework").asText() + " (" + c.path("ioModel").asText() + ")";
            out.computeIfAbsent(scenario, k -> new LinkedHashMap<>())
                    .put(target, new Judged(stats.rpsTrimmedMean(), stats.rpsCiLow(), stats.rpsCiHigh(), evidence));
        }
        return out;
    }
}
