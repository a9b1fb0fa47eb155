package dev.podium.stats;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.moment.Mean;

/**
 * The ratio of two cells' mean throughputs with its 95% interval by Fieller's theorem on Welch's standard error and
 * degrees of freedom: the same estimator (the mean) and the same test as {@link Welch}, so that the interval leaves
 * out 1 exactly when Welch's test finds the means different (methodology.md section 10, compare).
 */
public final class MeanRatio {

    /** mean(b) / mean(a) and its interval; low and high null when the interval is unbounded or undefined. */
    public record Result(double ratio, Double low, Double high) {}

    private MeanRatio() {}

    /**
     * The ratios r for which Welch's test does not reject mean(b) = r mean(a): (mb - r ma)^2 <= q^2 (qb + r^2 qa),
     * with q the 97.5% quantile of Student's t at Welch's degrees of freedom for b against a. Unbounded (null) when a's
     * own mean is not clear of 0; undefined (null) when Welch's test is (fewer than 2 repeats, no variance).
     */
    public static Result of(double[] a, double[] b) {
        double ma = a.length == 0 ? 0 : new Mean().evaluate(a);
        double mb = b.length == 0 ? 0 : new Mean().evaluate(b);
        return of(ma, mb, MeanEstimate.ofRepeats(a), MeanEstimate.ofRepeats(b));
    }

    /** The same on two means as {@link MeanEstimate} gives them (over JVM starts where a side has several). */
    public static Result of(MeanEstimate a, MeanEstimate b) {
        return of(a == null ? 0 : a.mean(), b == null ? 0 : b.mean(), a, b);
    }

    private static Result of(double ma, double mb, MeanEstimate a, MeanEstimate b) {
        double ratio = mb / ma;
        Welch.Result w = Welch.test(b, a);
        if (w == null || !(ma > 0)) {
            return new Result(ratio, null, null);
        }
        double qa = a.variance();
        double qb = b.variance();
        double q = new TDistribution(null, w.df()).inverseCumulativeProbability(0.975);
        double qq = q * q;
        double quadratic = ma * ma - qq * qa;
        double linear = -2 * ma * mb;
        double constant = mb * mb - qq * qb;
        double disc = linear * linear - 4 * quadratic * constant;
        if (quadratic <= 0 || disc < 0) {
            return new Result(ratio, null, null);
        }
        double root = Math.sqrt(disc);
        return new Result(ratio, (-linear - root) / (2 * quadratic), (-linear + root) / (2 * quadratic));
    }
}
