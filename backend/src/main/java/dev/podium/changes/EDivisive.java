package dev.podium.changes;

import java.util.ArrayList;
import java.util.List;

/**
 * E-Divisive with means (Matteson and James 2014, alpha = 1) in the split-and-merge form of Hunter (Fleming et al.
 * 2023), ported from Apache Otava 0.8 ({@code otava.analysis.compute_change_points}): sliding windows are split
 * hierarchically at the point maximising the energy statistic q-hat while the {@link Tester} finds the split
 * significant (at 10x the final p), then the weakest change points are merged away until every remaining one has
 * p below {@code maxPValue} and a magnitude above {@code minMagnitude}. One extension: with {@code minSegment} above
 * 1, a segment between two change points (or before the first) shorter than that is merged away first, so one odd
 * run in the middle of a series is not a change; the newest segment may be shorter (a change seen on the latest run).
 */
public final class EDivisive {

    /** The test of two adjacent segments, given as index ranges of the series: left [from, at), right [at, to). */
    public interface Tester {
        Stats compare(int from, int at, int to);
    }

    /**
     * Means either side and the test's p; magnitude is what the merge compares with minMagnitude; strength ranks the
     * positions of one change (the larger, the better the split explains the data; 0 when the tester has no such figure).
     */
    public record Stats(double meanBefore, double meanAfter, double pValue, double magnitude, double strength) {}

    /** A change point: index of the first point after the change. */
    public record ChangePoint(int index, Stats stats) {}

    /**
     * otavaMerge: after merging a point away, re-test the two points after it as Otava 0.8 does (only to reproduce its
     * output); otherwise the two neighbours, since the point before it keeps stale figures in Otava.
     */
    public record Settings(int windowLen, double maxPValue, double minMagnitude, int minSegment, boolean otavaMerge) {
        public Settings(int windowLen, double maxPValue, double minMagnitude, int minSegment) {
            this(windowLen, maxPValue, minMagnitude, minSegment, false);
        }

        public Settings {
            if (windowLen < 2 || minSegment < 1 || !(maxPValue > 0) || !(minMagnitude >= 0)) {
                throw new IllegalArgumentException("window >= 2, minSegment >= 1, maxPValue > 0, minMagnitude >= 0");
            }
        }
    }

    private EDivisive() {}

    /** The change points of the series, sorted by index. */
    public static List<ChangePoint> changePoints(double[] series, Settings settings, Tester tester) {
        double p = settings.maxPValue();
        double firstPass = p < 0.05 ? p * 10 : p < 0.5 ? p * 2 : p; // Otava's relaxed threshold of the split step
        List<ChangePoint> merged =
                merge(split(series, settings.windowLen(), firstPass, tester), settings, tester, series.length);
        if (settings.otavaMerge()) {
            return merged;
        }
        return merge(refine(merged, settings.minSegment(), tester, series.length), settings, tester, series.length);
    }

    /** Runs either side of a change point where its position is re-tested: q-hat sees run means, the test sees repeats. */
    static final int REFINE_RADIUS = 2;

    /**
     * Moves each change point, within {@link #REFINE_RADIUS} runs and its segment, to the split the tester finds most
     * significant (largest strength): q-hat only sees the runs' means, the tester may see more (every repeat).
     */
    static List<ChangePoint> refine(List<ChangePoint> cps, int minSegment, Tester tester, int n) {
        List<ChangePoint> out = new ArrayList<>(cps);
        for (int i = 0; i < out.size(); i++) {
            int from = i == 0 ? 0 : out.get(i - 1).index();
            int to = i == out.size() - 1 ? n : out.get(i + 1).index();
            int at = out.get(i).index();
            ChangePoint best = new ChangePoint(at, tester.compare(from, at, to));
            int lowest = Math.max(from + minSegment, at - REFINE_RADIUS);
            int highest = Math.min(to == n ? n - 1 : to - minSegment, at + REFINE_RADIUS);
            for (int c = lowest; c <= highest; c++) {
                if (c != at) {
                    Stats stats = tester.compare(from, c, to);
                    if (stats.strength() > best.stats().strength()) {
                        best = new ChangePoint(c, stats);
                    }
                }
            }
            out.set(i, best);
        }
        return out;
    }

    /** Hunter's split step: E-Divisive on overlapping windows, the union of what each finds, then tested in place. */
    static List<ChangePoint> split(double[] series, int windowLen, double firstPass, Tester tester) {
        int n = series.length;
        int step = windowLen / 2;
        List<Integer> found = new ArrayList<>();
        int start = 0;
        while (start < n) {
            int end = Math.min(start + windowLen, n);
            List<Integer> fresh = detect(series, start, end, firstPass, tester);
            int last = fresh.isEmpty() ? 0 : fresh.get(fresh.size() - 1);
            start = Math.max(last, start + step);
            for (int index : fresh) {
                if (!found.contains(index)) {
                    found.add(index);
                }
            }
        }
        return tested(found, tester, n);
    }

    /** E-Divisive on series[start, end): bisect the segment with the largest q-hat while the split is significant. */
    static List<Integer> detect(double[] series, int start, int end, double maxPValue, Tester tester) {
        QHat qhat = new QHat(series, start, end);
        List<Integer> points = new ArrayList<>(); // sorted, absolute indexes
        while (true) {
            int bestIndex = -1;
            int bestFrom = 0;
            int bestTo = 0;
            double best = Double.NEGATIVE_INFINITY;
            for (int i = 0; i <= points.size(); i++) {
                int from = i == 0 ? start : points.get(i - 1);
                int to = i == points.size() ? end : points.get(i);
                if (to - from > 1) {
                    double[] candidate = qhat.best(from, to);
                    if (candidate[1] > best) { // the first of equal maxima, as Python's max()
                        best = candidate[1];
                        bestIndex = (int) candidate[0];
                        bestFrom = from;
                        bestTo = to;
                    }
                }
            }
            if (bestIndex < 0) {
                return points;
            }
            Stats stats = tester.compare(bestFrom, bestIndex, bestTo);
            if (!(stats.pValue() <= maxPValue)) {
                return points;
            }
            points.add(bestIndex);
            points.sort(null);
        }
    }

    /**
     * The change points at the given indexes of a series of n figures (any order), in index order, each tested between
     * its neighbours (the series' ends outside): how the indexes a search found (E-Divisive's windows, binary
     * segmentation, both searches' agreed ones) become change points.
     */
    static List<ChangePoint> tested(List<Integer> indexes, Tester tester, int n) {
        List<Integer> sorted = new ArrayList<>(indexes);
        sorted.sort(null);
        List<ChangePoint> points = new ArrayList<>();
        for (int i = 0; i < sorted.size(); i++) {
            int from = i == 0 ? 0 : sorted.get(i - 1);
            int to = i == sorted.size() - 1 ? n : sorted.get(i + 1);
            points.add(new ChangePoint(sorted.get(i), tester.compare(from, sorted.get(i), to)));
        }
        return points;
    }

    /** Hunter's merge step, plus the shortest-segment rule of the class comment. */
    static List<ChangePoint> merge(List<ChangePoint> points, Settings settings, Tester tester, int n) {
        List<ChangePoint> cps = new ArrayList<>(points);
        while (!cps.isEmpty()) {
            int weakest = shortSegment(cps, settings.minSegment());
            if (weakest < 0) {
                weakest = argMaxP(cps, null);
                if (cps.get(weakest).stats().pValue() < settings.maxPValue()) {
                    weakest = 0;
                    for (int i = 1; i < cps.size(); i++) {
                        if (cps.get(i).stats().magnitude()
                                < cps.get(weakest).stats().magnitude()) {
                            weakest = i;
                        }
                    }
                    if (cps.get(weakest).stats().magnitude() > settings.minMagnitude()) {
                        return cps;
                    }
                }
            }
            cps.remove(weakest);
            // the neighbours of the removed point now span longer segments: test them again
            recompute(cps, settings.otavaMerge() ? weakest + 1 : weakest - 1, tester, n);
            recompute(cps, weakest, tester, n);
        }
        return cps;
    }

    /** Among the change points next to a too-short segment (the newest segment excepted), the one with the largest p. */
    private static int shortSegment(List<ChangePoint> cps, int minSegment) {
        if (minSegment <= 1) {
            return -1;
        }
        boolean[] isShort = new boolean[cps.size()];
        boolean any = false;
        for (int i = 0; i < cps.size(); i++) {
            int from = i == 0 ? 0 : cps.get(i - 1).index();
            boolean beforeShort = cps.get(i).index() - from < minSegment;
            boolean afterShort =
                    i + 1 < cps.size() && cps.get(i + 1).index() - cps.get(i).index() < minSegment;
            isShort[i] = beforeShort || afterShort;
            any |= isShort[i];
        }
        return any ? argMaxP(cps, isShort) : -1;
    }

    private static int argMaxP(List<ChangePoint> cps, boolean[] among) {
        int best = -1;
        for (int i = 0; i < cps.size(); i++) {
            if ((among == null || among[i])
                    && (best < 0
                            || cps.get(i).stats().pValue()
                                    > cps.get(best).stats().pValue())) {
                best = i;
            }
        }
        return best;
    }

    private static void recompute(List<ChangePoint> cps, int i, Tester tester, int n) {
        if (i < 0 || i >= cps.size()) {
            return;
        }
        int from = i == 0 ? 0 : cps.get(i - 1).index();
        int to = i == cps.size() - 1 ? n : cps.get(i + 1).index();
        int at = cps.get(i).index();
        cps.set(i, new ChangePoint(at, tester.compare(from, at, to)));
    }

    /**
     * q-hat of every split of a segment: Q(tau, kappa) = 2/(m+n) sum|X-Y| - 2m/((m+n)(n-1)) sum_{i<k}|X_i-X_k|
     * - 2n/((m+n)(m-1)) sum_{j<k}|Y_j-Y_k| for X = z[from, tau), Y = z[tau, kappa), maximised over both (the
     * paper's kappa search). Column sums of the distance matrix make each Q O(1).
     */
    static final class QHat {
        private final int offset;
        /** prefix[a][b] = sum over i < a of |z_i - z_b|, window-relative indexes. */
        private final double[][] prefix;

        QHat(double[] series, int start, int end) {
            offset = start;
            int w = end - start;
            prefix = new double[w + 1][w];
            for (int a = 1; a <= w; a++) {
                for (int b = 0; b < w; b++) {
                    prefix[a][b] = prefix[a - 1][b] + Math.abs(series[start + a - 1] - series[start + b]);
                }
            }
        }

        /** {tau, q} of the largest Q in [from, to), absolute indexes; ties keep the smallest tau, then kappa. */
        double[] best(int from, int to) {
            int s = from - offset;
            int e = to - offset;
            double bestQ = Double.NEGATIVE_INFINITY;
            int bestTau = -1;
            double withinX = 0; // sum over s <= i < k < tau of |z_i - z_k|
            for (int tau = s + 1; tau < e; tau++) {
                withinX += prefix[tau - 1][tau - 1] - prefix[s][tau - 1];
                if (tau >= s + 2 && 0 > bestQ) {
                    // Otava's Q matrix holds 0 where kappa <= tau, ahead of the row's real values: same argmax
                    bestQ = 0;
                    bestTau = tau;
                }
                int nx = tau - s;
                double cross = 0;
                double withinY = 0;
                for (int kappa = tau + 1; kappa <= e; kappa++) {
                    int y = kappa - 1; // the element kappa adds to Y
                    cross += prefix[tau][y] - prefix[s][y];
                    withinY += prefix[y][y] - prefix[tau][y];
                    int m = kappa - tau;
                    double total = nx + m;
                    double q = 2 / total * cross;
                    if (nx > 1) {
                        q -= 2.0 * m / (total * (nx - 1)) * withinX;
                    }
                    if (m > 1) {
                        q -= 2.0 * nx / (total * (m - 1)) * withinY;
                    }
                    if (q > bestQ) {
                        bestQ = q;
                        bestTau = tau;
                    }
                }
            }
            return new double[] {bestTau + offset, bestQ};
        }
    }
}
