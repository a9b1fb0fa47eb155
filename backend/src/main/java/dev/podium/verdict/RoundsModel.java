package dev.podium.verdict;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * The rows of a board that one run measured in interleaved rounds, taken together (methodology section 10): the log of
 * each start's figure is the target's level plus the round's (the stretch of the host that round met, shared by every
 * target) plus noise, the two-way additive model. Its residual variance, pooled over every target and round of the run
 * with (T - 1)(R - 1) degrees of freedom, gives each pair of the run the standard error of a paired comparison,
 * sqrt(2 s^2 / R): the host's drift between rounds cancels, and three rounds of 24 targets carry 46 degrees of freedom
 * where one pair's own three rounds carry 2. It assumes the starts of every target vary alike on the log scale.
 */
final class RoundsModel {

    private final Map<Integer, Group> groupOf;

    private record Group(double se, double df) {}

    private RoundsModel(Map<Integer, Group> groupOf) {
        this.groupOf = groupOf;
    }

    static RoundsModel of(List<Evidence> rows) {
        Map<UUID, List<Integer>> byRun = new HashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            Evidence e = rows.get(i);
            if (e.runId() != null && e.rounds().size() >= 2) {
                byRun.computeIfAbsent(e.runId(), k -> new ArrayList<>()).add(i);
            }
        }
        Map<Integer, Group> groupOf = new HashMap<>();
        byRun.values().forEach(members -> {
            Group g = fit(rows, members);
            if (g != null) {
                members.forEach(i -> groupOf.put(i, g));
            }
        });
        return new RoundsModel(groupOf);
    }

    /** The residual spread of one run's targets over the rounds they all have; null below 2 targets or 2 rounds. */
    private static Group fit(List<Evidence> rows, List<Integer> members) {
        if (members.size() < 2) {
            return null;
        }
        Set<Integer> common = new HashSet<>(rows.get(members.get(0)).rounds().keySet());
        members.forEach(i -> common.retainAll(rows.get(i).rounds().keySet()));
        List<Integer> rounds = new ArrayList<>(common);
        int t = members.size();
        int r = rounds.size();
        if (r < 2) {
            return null;
        }
        double[][] y = new double[t][r];
        for (int a = 0; a < t; a++) {
            for (int b = 0; b < r; b++) {
                y[a][b] = Math.log(rows.get(members.get(a)).rounds().get(rounds.get(b)));
            }
        }
        double[] rowMean = new double[t];
        double[] colMean = new double[r];
        double all = 0;
        for (int a = 0; a < t; a++) {
            for (int b = 0; b < r; b++) {
                rowMean[a] += y[a][b] / r;
                colMean[b] += y[a][b] / t;
                all += y[a][b] / (t * r);
            }
        }
        double ss = 0;
        for (int a = 0; a < t; a++) {
            for (int b = 0; b < r; b++) {
                double e = y[a][b] - rowMean[a] - colMean[b] + all;
                ss += e * e;
            }
        }
        double df = (double) (t - 1) * (r - 1);
        return new Group(Math.sqrt(2 * ss / df / r), df);
    }

    /** The pooled paired test of rows i and j, or null when they are not of one run measured in rounds. */
    PairTest test(int i, int j, List<Evidence> rows) {
        Group g = groupOf.get(i);
        if (g == null || g != groupOf.get(j)) {
            return null;
        }
        Evidence a = rows.get(i);
        Evidence b = rows.get(j);
        return new PairTest(Math.log(a.figure() / b.figure()), g.se(), g.df(), true, a.atLeast(), b.atLeast());
    }
}
