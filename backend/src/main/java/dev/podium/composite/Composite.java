package dev.podium.composite;

import dev.podium.leaderboard.LeaderboardRanking;
import dev.podium.leaderboard.LeaderboardResponse;
import dev.podium.stats.StudentT;
import dev.podium.verdict.BoardVerdicts;
import dev.podium.verdict.Comparisons;
import dev.podium.verdict.Evidence;
import dev.podium.verdict.RankRange;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The composite across scenarios (methodology section 10), in the manner of TechEmpower's composite score: each
 * scenario's SLA throughput over that scenario's best ranked figure, weighted, the more realistic scenarios more. The
 * score is the weighted geometric mean of the shares, so the ratio of two scores is the weighted geometric mean of
 * their ratios in each scenario, and the comparison engine judges it as any figure: its standard error on the log scale
 * counts each scenario's own spread and the host's drift between the stretches of a run each scenario met.
 */
public final class Composite {

    /** The weights: plaintext is the least realistic scenario (shown on the site's composite and in the answer). */
    public static final Map<String, Integer> WEIGHTS = weights();

    private Composite() {}

    private static Map<String, Integer> weights() {
        Map<String, Integer> w = new LinkedHashMap<>();
        w.put("plaintext", 1);
        w.put("json", 2);
        w.put("delay", 2);
        w.put("proxy", 3);
        w.put("db", 3);
        w.put("queries", 3);
        w.put("updates", 3);
        w.put("fortunes", 3);
        return java.util.Collections.unmodifiableMap(w);
    }

    private record Target(String framework, String ioModel, String classification) {}

    /** The composite of {@code boards} (scenario -> its board, every scenario of {@link #WEIGHTS}; null: none). */
    public static CompositeResponse of(Map<String, LeaderboardResponse> boards, String hostClass, Integer vcpus) {
        List<String> scenarios = new ArrayList<>();
        Map<String, Double> best = new LinkedHashMap<>();
        // scenario -> (framework, I/O model) -> its ranked row with an SLA throughput, read once
        Map<String, Map<List<String>, LeaderboardResponse.Row>> ranked = new LinkedHashMap<>();
        for (String s : WEIGHTS.keySet()) {
            Map<List<String>, LeaderboardResponse.Row> rows = new LinkedHashMap<>();
            ranked(boards.get(s)).forEach(r -> rows.putIfAbsent(List.of(r.framework(), r.ioModel()), r));
            double max = rows.values().stream()
                    .mapToDouble(LeaderboardResponse.Row::slaThroughput)
                    .max()
                    .orElse(0);
            if (max > 0) {
                scenarios.add(s);
                best.put(s, max);
                ranked.put(s, rows);
            }
        }
        Map<Target, Void> targets = new LinkedHashMap<>();
        for (String s : WEIGHTS.keySet()) {
            LeaderboardResponse b = boards.get(s);
            for (LeaderboardResponse.Row r : b == null ? List.<LeaderboardResponse.Row>of() : b.rows()) {
                targets.putIfAbsent(new Target(r.framework(), r.ioModel(), r.classification()), null);
            }
        }
        List<Scored> scored = new ArrayList<>();
        for (Target t : targets.keySet()) {
            scored.add(score(t, scenarios, best, ranked));
        }
        scored.sort(java.util.Comparator.comparingDouble((Scored x) -> x.evidence == null ? 1 : -x.evidence.figure())
                .thenComparing(x -> x.target.framework()));
        List<Evidence> family = scored.stream()
                .filter(x -> x.evidence != null)
                .map(x -> x.evidence)
                .toList();
        BoardVerdicts verdicts = Comparisons.board(family);
        List<CompositeResponse.Row> rows = new ArrayList<>();
        int k = 0;
        for (Scored x : scored) {
            rows.add(x.row(x.evidence == null ? RankRange.UNRANKED : verdicts.range(k++)));
        }
        return new CompositeResponse(hostClass, vcpus, scenarios, WEIGHTS, verdicts.confidence(), rows);
    }

    /** The ranked rows of a board with an SLA throughput. */
    private static List<LeaderboardResponse.Row> ranked(LeaderboardResponse board) {
        return board == null
                ? List.of()
                : board.rows().stream()
                        .filter(r -> r.place().ranked() && r.slaThroughput() != null && r.slaThroughput() > 0)
                        .toList();
    }

    private record Scored(
            Target target, Evidence evidence, Map<String, Double> shares, List<String> missing, boolean atLeast) {

        CompositeResponse.Row row(RankRange place) {
            Double score = evidence == null ? null : evidence.figure();
            Double low = null;
            Double high = null;
            if (evidence != null && !Double.isNaN(evidence.logSe())) {
                double q = StudentT.quantile((int) Math.max(1, Math.floor(evidence.df()))) * evidence.logSe();
                low = score * Math.exp(-q);
                high = atLeast ? null : score * Math.exp(q);
            }
            return new CompositeResponse.Row(
                    target.framework(),
                    target.ioModel(),
                    target.classification(),
                    score,
                    low,
                    high,
                    shares,
                    missing,
                    place,
                    atLeast);
        }
    }

    /**
     * A target's score over the counted scenarios: log score = sum of w_s log(share_s) / W; its variance on the log
     * scale the sum of (w_s / W)^2 times the scenario figure's own variance, degrees of freedom by Welch-Satterthwaite.
     * The host's drift is the engine's to add, once for a pair, as on a board (unless every scenario's spread spans the
     * host); with one counted scenario the score keeps that row's rounds (its starts' shares), so that a composite of
     * one scenario judges every pair as that scenario's board does. No score when a counted scenario has no ranked SLA
     * figure of it.
     */
    private static Scored score(
            Target t,
            List<String> scenarios,
            Map<String, Double> best,
            Map<String, Map<List<String>, LeaderboardResponse.Row>> ranked) {
        Map<String, Double> shares = new LinkedHashMap<>();
        List<String> missing = new ArrayList<>();
        double weights = scenarios.stream().mapToInt(WEIGHTS::get).sum();
        double log = 0;
        double variance = 0;
        double denominator = 0;
        boolean atLeast = false;
        boolean spansHost = true;
        Map<Integer, Double> rounds = Map.of();
        UUID run = null;
        for (String s : scenarios) {
            LeaderboardResponse.Row r = ranked.get(s).get(List.of(t.framework(), t.ioModel()));
            if (r == null) {
                shares.put(s, null);
                missing.add(s);
                continue;
            }
            double share = r.slaThroughput() / best.get(s);
            shares.put(s, share);
            Evidence e = LeaderboardRanking.evidence(r, "throughput");
            double w = WEIGHTS.get(s) / weights;
            log += w * Math.log(share);
            double own = e.logSe() * e.logSe();
            variance += w * w * own;
            denominator += Math.pow(w, 4) * own * own / e.df();
            atLeast |= r.atLeast();
            spansHost &= e.spansHost();
            if (scenarios.size() == 1) {
                Map<Integer, Double> byRound = new java.util.HashMap<>();
                e.rounds().forEach((round, figure) -> byRound.put(round, figure / best.get(s)));
                rounds = byRound;
                run = e.runId();
            }
        }
        if (scenarios.isEmpty() || !missing.isEmpty()) {
            return new Scored(t, null, shares, missing, atLeast);
        }
        double df = denominator > 0 && !Double.isNaN(variance) ? variance * variance / denominator : 1;
        Evidence evidence =
                new Evidence(Math.exp(log), Math.sqrt(variance), Math.max(1, df), spansHost, atLeast, run, rounds);
        return new Scored(t, evidence, shares, missing, atLeast);
    }
}
