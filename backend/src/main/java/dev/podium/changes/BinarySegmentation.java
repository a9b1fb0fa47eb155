package dev.podium.changes;

import java.util.ArrayList;
import java.util.List;

/**
 * Binary segmentation (Scott and Knott 1974) over the whole series: split a segment where one mean shift explains
 * most of its run figures' variance (least squares), keep the split while the {@link EDivisive.Tester} finds it
 * significant and both sides hold at least the minimum segment (the newest side may be shorter, as in
 * {@link EDivisive}), then split both halves again. The effect floor is not applied while splitting (a step between
 * two segments of alternating levels looks small until they are split further): the points found are merged as
 * E-Divisive's are, which drops the weakest until each has p and effect past the settings.
 */
final class BinarySegmentation {

    private BinarySegmentation() {}

    static List<EDivisive.ChangePoint> changePoints(double[] figures, EDivisive.Settings s, EDivisive.Tester tester) {
        double[] sum = new double[figures.length + 1];
        double origin = figures.length == 0 ? 0 : figures[0];
        for (int i = 0; i < figures.length; i++) {
            sum[i + 1] = sum[i] + figures[i] - origin;
        }
        List<Integer> found = new ArrayList<>();
        split(0, figures.length, figures.length, sum, s, tester, found);
        return EDivisive.merge(EDivisive.tested(found, tester, figures.length), s, tester, figures.length);
    }

    private static void split(
            int from, int to, int n, double[] sum, EDivisive.Settings s, EDivisive.Tester tester, List<Integer> found) {
        int lowest = from + s.minSegment();
        int highest = to == n ? to - 1 : to - s.minSegment();
        int best = -1;
        double bestGain = 0;
        for (int at = lowest; at <= highest; at++) {
            int nl = at - from;
            int nr = to - at;
            double diff = (sum[to] - sum[at]) / nr - (sum[at] - sum[from]) / nl;
            double gain = (double) nl * nr / (nl + nr) * diff * diff;
            if (gain > bestGain) {
                bestGain = gain;
                best = at;
            }
        }
        if (best < 0) {
            return;
        }
        EDivisive.Stats stats = tester.compare(from, best, to);
        if (!(stats.pValue() < s.maxPValue())) {
            return;
        }
        found.add(best);
        split(from, best, n, sum, s, tester, found);
        split(best, to, n, sum, s, tester, found);
    }
}
