package dev.podium.stats;

import org.apache.commons.math3.distribution.TDistribution;

/** Welch's unequal-variances t-test on two means (methodology section 10), two-sided. */
public final class Welch {

    public static final double ALPHA = 0.05;

    /** t = (mean(a) - mean(b)) / sqrt(va/na + vb/nb), df by Welch-Satterthwaite, two-sided p. */
    public record Result(double t, double df, double pValue) {
        public boolean significant() {
            return pValue < ALPHA;
        }
    }

    private Welch() {}

    /** Null when the test is undefined: fewer than 2 repeats on a side, or no variance on either side. */
    public static Result test(double[] a, double[] b) {
        return test(MeanEstimate.ofRepeats(a), MeanEstimate.ofRepeats(b));
    }

    /**
     * Welch's test on two means as {@link MeanEstimate} gives them (each side's repeats, or its JVM starts when it has
     * several): t = (mean(a) - mean(b)) / sqrt(va + vb), df by Welch-Satterthwaite from each side's own degrees of
     * freedom. Null when a side is undefined or neither varies.
     */
    public static Result test(MeanEstimate a, MeanEstimate b) {
        if (a == null || b == null) {
            return null;
        }
        double qa = a.variance();
        double qb = b.variance();
        double se2 = qa + qb;
        if (se2 == 0) {
            return null;
        }
        double t = (a.mean() - b.mean()) / Math.sqrt(se2);
        double df = se2 * se2 / (qa * qa / a.df() + qb * qb / b.df());
        double p = 2 * new TDistribution(null, df).cumulativeProbability(-Math.abs(t));
        return new Result(t, df, Math.min(1.0, p));
    }
}
