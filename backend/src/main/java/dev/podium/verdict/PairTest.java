package dev.podium.verdict;

import org.apache.commons.math3.distribution.TDistribution;

/**
 * The test behind one pair: the log of the ratio of the two figures, its standard error and degrees of freedom
 * (methodology section 10). {@link #of} is the unpaired test; {@link RoundsModel} gives the paired one for the cells of
 * one run measured in rounds.
 *
 * @param logRatio log(figure a / figure b): the interval is always around the ratio of the figures shown
 * @param se NaN when a side has no spread
 */
record PairTest(double logRatio, double se, double df, boolean paired, boolean aAtLeast, boolean bAtLeast) {

    private static final double ACCURACY = 1e-12;

    static PairTest of(Evidence a, Evidence b, double hostDrift) {
        double d = Math.log(a.figure() / b.figure());
        if (!a.hasSpread() || !b.hasSpread()) {
            return new PairTest(d, Double.NaN, 1, false, a.atLeast(), b.atLeast());
        }
        double va = a.logSe() * a.logSe();
        double vb = b.logSe() * b.logSe();
        // the host's drift between the stretches of a run (or between runs) that two unpaired figures met: a variance
        // estimated beforehand (Comparisons.HOST_DRIFT, over DRIFT_DF degrees of freedom), added to each side whose
        // spread does not span the host; Welch-Satterthwaite's degrees of freedom count all the parts
        double da = a.spansHost() ? 0 : hostDrift * hostDrift;
        double db = b.spansHost() ? 0 : hostDrift * hostDrift;
        double v = va + vb + da + db;
        double denominator = va * va / a.df() + vb * vb / b.df() + (da * da + db * db) / Comparisons.DRIFT_DF;
        double df = denominator == 0 ? Math.min(a.df(), b.df()) : v * v / denominator;
        return new PairTest(d, Math.sqrt(v), Math.max(1, df), false, a.atLeast(), b.atLeast());
    }

    boolean hasSpread() {
        return !Double.isNaN(se);
    }

    /**
     * The two-sided p value of "the figures differ", 1 when the direction measured is one the flags do not allow
     * (the slower side is a lower bound: it may be as fast) or there is no spread.
     */
    double pValue() {
        if (!hasSpread() || (logRatio < 0 && aAtLeast) || (logRatio > 0 && bAtLeast) || logRatio == 0) {
            return 1;
        }
        if (se == 0) {
            return 0;
        }
        double t = Math.abs(logRatio) / se;
        return 2 * (1 - new TDistribution(null, df, ACCURACY).cumulativeProbability(t));
    }

    /**
     * [low, high] of the ratio at {@code confidence}; the end a lower bound leaves open is null (no end: a is a lower
     * bound, the ratio may be higher; b is, it may be lower, down to 0 but never at it).
     */
    Double[] interval(double confidence) {
        if (!hasSpread()) {
            return new Double[] {null, null};
        }
        double q = se == 0
                ? 0
                : new TDistribution(null, df, ACCURACY).inverseCumulativeProbability(1 - (1 - confidence) / 2);
        Double low = bAtLeast ? null : bounded(Math.exp(logRatio - q * se));
        Double high = aAtLeast ? null : bounded(Math.exp(logRatio + q * se));
        return new Double[] {low, high};
    }

    /** A bound the double range can hold; null (no end) where t over one degree of freedom drove it to 0 or infinity. */
    private static Double bounded(double bound) {
        return bound > 1e-9 && bound < 1e9 ? bound : null;
    }
}
