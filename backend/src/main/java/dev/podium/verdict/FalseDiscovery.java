package dev.podium.verdict;

import java.util.Arrays;

/**
 * A family of pairs decided at once (methodology section 10): Benjamini-Hochberg at {@code alpha}, gated by Bonferroni.
 * With R of m p values rejected, every pair's interval is given at the common confidence 1 - max(R, 1) x alpha / m,
 * and a pair is decided exactly when its p value is at most that threshold (its interval then leaves out 1). A board's
 * pairs and the cells two runs share are both judged so.
 *
 * @param rejected R: how many p values are rejected
 * @param threshold max(R, 1) x alpha / m
 */
record FalseDiscovery(int rejected, double threshold) {

    static FalseDiscovery of(double[] p, double alpha) {
        int r = gatedBenjaminiHochberg(p, alpha);
        return new FalseDiscovery(r, Math.max(r, 1) * alpha / Math.max(p.length, 1));
    }

    boolean decides(double p) {
        return rejected > 0 && p <= threshold;
    }

    double confidence() {
        return 1 - threshold;
    }

    /**
     * How many of the p values to reject: none unless the smallest passes Bonferroni (p_(1) <= alpha / m: on a board of
     * equal figures that happens at most alpha of the time, whatever the dependence between pairs, where
     * Benjamini-Hochberg alone, on pairs that share rows, decided some pair on 7% of simulated equal boards); then
     * Benjamini-Hochberg's count, the largest k with p_(k) <= k alpha / m.
     */
    static int gatedBenjaminiHochberg(double[] p, double alpha) {
        double[] sorted = p.clone();
        Arrays.sort(sorted);
        int m = sorted.length;
        if (m == 0 || sorted[0] > alpha / m) {
            return 0;
        }
        for (int k = m; k >= 1; k--) {
            if (sorted[k - 1] <= k * alpha / m) {
                return k;
            }
        }
        return 0;
    }
}
