package dev.podium.stats;

import java.util.Arrays;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.Variance;

/**
 * A cell's mean requests/s (or p99) as the tests that compare two cells see it: the mean, the variance of that mean
 * (its squared standard error), the degrees of freedom it comes with and the JVM starts it rests on. One start: the
 * repeats' mean, s^2 / n, n - 1 degrees of freedom (what Welch's test has always used). Several starts: the same
 * two-level model as the cell's stored interval ({@link CellStatistics#forkSpread}): the mean of the starts' means,
 * s^2(means) / F with F - 1 degrees of freedom, or the pooled within-start s^2 / N with N - F when that gives the wider
 * 95% interval; so a test between two cells counts the variance between starts wherever it was measured.
 */
public record MeanEstimate(double mean, double variance, double df, int starts) {

    /** The repeats of one JVM start (or repeats taken as one sample); null with fewer than 2. */
    public static MeanEstimate ofRepeats(double[] repeats) {
        if (repeats.length < 2) {
            return null;
        }
        return new MeanEstimate(
                new Mean().evaluate(repeats),
                new Variance(true).evaluate(repeats) / repeats.length,
                repeats.length - 1,
                1);
    }

    /**
     * A cell's repeats grouped by JVM start, in start order (empty starts ignored); null when there is no spread to
     * scale by: one start with fewer than 2 repeats.
     */
    public static MeanEstimate ofStarts(double[][] starts) {
        double[][] kept = Arrays.stream(starts).filter(s -> s.length > 0).toArray(double[][]::new);
        if (kept.length == 0) {
            return null;
        }
        if (kept.length == 1) {
            return ofRepeats(kept[0]);
        }
        StartMeans m = StartMeans.of(kept);
        int f = m.starts();
        int n = m.repeats();
        double mean = m.mean();
        double between = new Variance(true).evaluate(m.means()) / f;
        if (m.withinVariance() != null) {
            double pooled = m.withinVariance() / n;
            if (StudentT.quantile(n - f) * Math.sqrt(pooled) > StudentT.quantile(f - 1) * Math.sqrt(between)) {
                return new MeanEstimate(mean, pooled, n - f, f);
            }
        }
        return new MeanEstimate(mean, between, f - 1, f);
    }
}
