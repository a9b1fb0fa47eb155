package dev.podium.stats;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;

/**
 * The 95% Student's t interval of a mean: mean +- t(0.975, n - 1) x s / sqrt(n). Honest for the 3 to 10 repeats a cell
 * has, where a percentile bootstrap is no wider than the lowest and highest repeat (issue 10).
 */
public final class StudentT {

    public static final double CONFIDENCE = 0.95;
    /** The quantile's solver accuracy: Commons Math's default (1e-9) moves a bound in its 10th digit. */
    private static final double QUANTILE_ACCURACY = 1e-14;

    private StudentT() {}

    /** [low, high] of the 95% t interval of the mean; null with fewer than 2 values (no spread to scale by). */
    public static double[] meanInterval(double[] values) {
        int n = values.length;
        if (n < 2) {
            return null;
        }
        double mean = new Mean().evaluate(values);
        double sd = new StandardDeviation(true).evaluate(values);
        double half = quantile(n - 1) * sd / Math.sqrt(n);
        return new double[] {mean - half, mean + half};
    }

    /** t(0.975, df): the two-sided 95% quantile of Student's t with df degrees of freedom. */
    public static double quantile(int df) {
        return new TDistribution(null, df, QUANTILE_ACCURACY).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
    }
}
