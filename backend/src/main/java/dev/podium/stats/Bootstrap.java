package dev.podium.stats;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.descriptive.rank.Percentile.EstimationType;

/**
 * The 95% percentile-bootstrap interval of a ratio of two cells' trimmed means (the compare endpoint), seeded from the
 * data itself so that the same repeats always give the same interval. Kept only there: a trimmed-mean ratio has no
 * closed-form interval, while a cell's own interval is Student's t ({@link StudentT}), since with 3 repeats a bootstrap
 * "95% CI" of the mean is just the lowest and highest repeat.
 */
public final class Bootstrap {

    public static final int RESAMPLES = 10_000;
    public static final double CONFIDENCE = 0.95;

    private Bootstrap() {}

    /**
     * [low, high] of the 95% bootstrap CI of trimmedMean(b) / trimmedMean(a): each resample draws a and b
     * independently, with replacement, and trims as {@link CellStatistics#trimmedMean} does.
     */
    public static double[] trimmedMeanRatioCi(double[] a, double[] b) {
        double[] sa = a.clone();
        double[] sb = b.clone();
        Arrays.sort(sa);
        Arrays.sort(sb);
        SplittableRandom random = new SplittableRandom(seedOf(sa) * 31 + seedOf(sb));
        double[] ratios = new double[RESAMPLES];
        double[] ra = new double[sa.length];
        double[] rb = new double[sb.length];
        for (int r = 0; r < RESAMPLES; r++) {
            for (int i = 0; i < ra.length; i++) {
                ra[i] = sa[random.nextInt(sa.length)];
            }
            for (int i = 0; i < rb.length; i++) {
                rb[i] = sb[random.nextInt(sb.length)];
            }
            ratios[r] = CellStatistics.trimmedMean(rb) / CellStatistics.trimmedMean(ra);
        }
        return percentileInterval(ratios);
    }

    /** A seed from the values' bits: equal data, equal seed. Expects sorted values so order does not matter. */
    static long seedOf(double[] sorted) {
        long h = 0x9E3779B97F4A7C15L ^ sorted.length;
        for (double v : sorted) {
            h = mix(h ^ Double.doubleToLongBits(v));
        }
        return h;
    }

    private static long mix(long z) { // SplitMix64's finaliser
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static double[] percentileInterval(double[] estimates) {
        double tail = (1 - CONFIDENCE) / 2 * 100;
        Percentile percentile = new Percentile().withEstimationType(EstimationType.R_7); // numpy's default
        percentile.setData(estimates);
        return new double[] {percentile.evaluate(tail), percentile.evaluate(100 - tail)};
    }
}
