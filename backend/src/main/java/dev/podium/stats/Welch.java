package dev.podium.stats;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.Variance;

/** Welch's unequal-variances t-test on two sets of repeats (methodology section 5), two-sided. */
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
        if (a.length < 2 || b.length < 2) {
            return null;
        }
        double qa = new Variance(true).evaluate(a) / a.length;
        double qb = new Variance(true).evaluate(b) / b.length;
        double se2 = qa + qb;
        if (se2 == 0) {
            return null;
        }
        double t = (new Mean().evaluate(a) - new Mean().evaluate(b)) / Math.sqrt(se2);
        double df = se2 * se2 / (qa * qa / (a.length - 1) + qb * qb / (b.length - 1));
        double p = 2 * new TDistribution(null, df).cumulativeProbability(-Math.abs(t));
        return new Result(t, df, Math.min(1.0, p));
    }
}
