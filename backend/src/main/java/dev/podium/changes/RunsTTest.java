package dev.podium.changes;

import java.util.List;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Podium's tester: Student's two-sample t-test on the runs' figures either side of a candidate, as Apache Otava tests
 * its points (one figure per run, the spread pooled over both segments; sample standard deviations, where Otava uses
 * numpy's population ones). The noise a history is made of is the run-to-run noise: JIT decisions, code layout and GC
 * sizing differ between JVM starts, so the repeats inside one run say little about the next run. A segment of a
 * single run (the newest run after a step) is tested against the other segment's spread: the prediction test of one
 * new figure.
 */
public final class RunsTTest implements EDivisive.Tester {

    /**
     * A segment's runs: the mean of their figures, the run-to-run standard deviation (null for one run) and the 95% t
     * interval of the mean over the runs (for one run: its own repeats' interval, all that is known of it).
     */
    public record Segment(int runs, double mean, Double spread, double ciLow, double ciHigh) {}

    private final List<double[]> repeats;
    /** prefix sums of the figures, and of the figures less the first one and their squares: every test is O(1). */
    private final double[] sum;

    private final double[] shifted;
    private final double[] squares;

    /** figures[i]: the i-th run's figure; repeats.get(i), or null: its repeats (only a one-run segment's interval). */
    public RunsTTest(double[] figures, List<double[]> repeats) {
        this.repeats = repeats;
        sum = new double[figures.length + 1];
        shifted = new double[figures.length + 1];
        squares = new double[figures.length + 1];
        double origin = figures.length == 0 ? 0 : figures[0]; // shifted: no cancellation on large figures
        for (int i = 0; i < figures.length; i++) {
            double d = figures[i] - origin;
            sum[i + 1] = sum[i] + figures[i];
            shifted[i + 1] = shifted[i] + d;
            squares[i + 1] = squares[i] + d * d;
        }
    }

    public RunsTTest(double[] figures) {
        this(figures, null);
    }

    @Override
    public EDivisive.Stats compare(int from, int at, int to) {
        int nl = at - from;
        int nr = to - at;
        double before = mean(from, at);
        double after = mean(at, to);
        double p = pValue(from, at, to);
        double effect = before == 0 ? 0 : Math.abs(after / before - 1);
        // least squares: the split that explains most of the figures' variance (ML for one mean shift)
        double between = (double) nl * nr / (nl + nr) * (after - before) * (after - before);
        return new EDivisive.Stats(before, after, p, effect, between);
    }

    /** Two-sided p of Student's t on [from, at) against [at, to); 1 where nothing can be told (two runs in all). */
    double pValue(int from, int at, int to) {
        int nl = at - from;
        int nr = to - at;
        int df = nl + nr - 2;
        double diff = mean(at, to) - mean(from, at);
        if (nl < 1 || nr < 1 || df < 1) {
            return 1.0;
        }
        double pooled = (squaredDeviations(from, at) + squaredDeviations(at, to)) / df;
        double se = Math.sqrt(pooled * (1.0 / nl + 1.0 / nr));
        if (!(se > 1e-12 * Math.max(Math.abs(mean(from, at)), Math.abs(mean(at, to))))) {
            // no spread at all (identical figures): only a difference in means can speak
            return diff == 0 ? 1.0 : 0.0;
        }
        double t = Math.abs(diff) / se;
        return Math.min(1.0, 2 * new TDistribution(null, df).cumulativeProbability(-t));
    }

    /** The standardised effect: the difference of the means over the pooled run-to-run spread (Cohen's d). */
    public Double effectSize(int from, int at, int to) {
        int df = to - from - 2;
        if (df < 1) {
            return null;
        }
        double pooled = Math.sqrt((squaredDeviations(from, at) + squaredDeviations(at, to)) / df);
        return pooled > 0 ? (mean(at, to) - mean(from, at)) / pooled : null;
    }

    public Segment segment(int from, int to) {
        int n = to - from;
        double mean = mean(from, to);
        if (n < 2) {
            double[] own = repeats == null ? null : repeats.get(from);
            if (own == null || own.length < 2) {
                return new Segment(n, mean, null, mean, mean);
            }
            double m = 0;
            for (double r : own) {
                m += r / own.length;
            }
            double ss = 0;
            for (double r : own) {
                ss += (r - m) * (r - m);
            }
            double half = new TDistribution(null, own.length - 1).inverseCumulativeProbability(0.975)
                    * Math.sqrt(ss / (own.length - 1) / own.length);
            return new Segment(n, mean, null, m - half, m + half);
        }
        double sd = Math.sqrt(squaredDeviations(from, to) / (n - 1));
        double half = new TDistribution(null, n - 1).inverseCumulativeProbability(0.975) * sd / Math.sqrt(n);
        return new Segment(n, mean, sd, mean - half, mean + half);
    }

    private double mean(int from, int to) {
        return to > from ? (sum[to] - sum[from]) / (to - from) : Double.NaN;
    }

    /** Sum of squared deviations from the segment's mean, from the prefix sums of the shifted figures. */
    private double squaredDeviations(int from, int to) {
        int n = to - from;
        if (n < 2) {
            return 0;
        }
        double s = shifted[to] - shifted[from];
        return Math.max(0, squares[to] - squares[from] - s * s / n);
    }
}
