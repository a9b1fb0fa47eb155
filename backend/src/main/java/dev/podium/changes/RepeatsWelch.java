package dev.podium.changes;

import dev.podium.stats.Welch;
import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;

/** Podium's tester: Welch's t-test on the repeats of the runs either side of a candidate, within the segment. */
public final class RepeatsWelch implements EDivisive.Tester {

    /** A segment's pooled repeats: their mean and its 95% t interval. */
    public record Segment(int runs, double mean, double ciLow, double ciHigh) {}

    private final List<double[]> repeats;

    /** repeats.get(i): the repeats of the series' i-th run. */
    public RepeatsWelch(List<double[]> repeats) {
        this.repeats = repeats;
    }

    @Override
    public EDivisive.Stats compare(int from, int at, int to) {
        double[] left = pooled(from, at);
        double[] right = pooled(at, to);
        double before = new Mean().evaluate(left);
        double after = new Mean().evaluate(right);
        Welch.Result welch = Welch.test(left, right);
        // undefined (a side of one repeat, or no variance anywhere): only a difference in means can speak
        double p = welch != null
                ? welch.pValue()
                : before == after ? 1.0 : left.length < 2 || right.length < 2 ? 1.0 : 0.0;
        double effect = before == 0 ? 0 : Math.abs(after / before - 1);
        // least squares: the split of the pooled repeats that explains most of their variance (ML for one mean shift)
        double between = (double) left.length
                * right.length
                / (left.length + right.length)
                * (after - before)
                * (after - before);
        return new EDivisive.Stats(before, after, p, effect, between);
    }

    public Segment segment(int from, int to) {
        double[] values = pooled(from, to);
        double mean = new Mean().evaluate(values);
        if (values.length < 2) {
            return new Segment(to - from, mean, mean, mean);
        }
        double half = new TDistribution(null, values.length - 1).inverseCumulativeProbability(0.975)
                * new StandardDeviation(true).evaluate(values)
                / Math.sqrt(values.length);
        return new Segment(to - from, mean, mean - half, mean + half);
    }

    double[] pooled(int from, int to) {
        int size = 0;
        for (int i = from; i < to; i++) {
            size += repeats.get(i).length;
        }
        double[] out = new double[size];
        int k = 0;
        for (int i = from; i < to; i++) {
            System.arraycopy(repeats.get(i), 0, out, k, repeats.get(i).length);
            k += repeats.get(i).length;
        }
        return out;
    }
}
