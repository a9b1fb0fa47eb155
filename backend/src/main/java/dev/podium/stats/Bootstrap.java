package dev.podium.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.descriptive.rank.Percentile.EstimationType;

/**
 * 95% percentile-bootstrap confidence intervals, seeded from the data itself so that the same repeats always give
 * the same interval, whatever their order and on whichever replica they are computed. With at most
 * {@value #EXACT_MAX_REPEATS} repeats the mean's bootstrap distribution is enumerated exactly (at most 6,435 distinct
 * resamples, each with its multinomial probability): the limit that {@value #RESAMPLES} resamples approximate, at a
 * fraction of the cost at ingest.
 */
public final class Bootstrap {

    public static final int RESAMPLES = 10_000;
    public static final double CONFIDENCE = 0.95;
    public static final int EXACT_MAX_REPEATS = 8;

    /** Per repeat count n: every resample as counts k_0..k_{n-1} summing to n, and its probability n!/(prod k_i! n^n). */
    private static final Compositions[] COMPOSITIONS = new Compositions[EXACT_MAX_REPEATS + 1];

    private Bootstrap() {
    }

    /** [low, high] of the 95% bootstrap CI of the mean, {@value #RESAMPLES} resamples. */
    public static double[] meanCi(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        if (sorted[0] == sorted[n - 1]) {
            return new double[] {sorted[0], sorted[0]}; // every resample has the same mean
        }
        return n <= EXACT_MAX_REPEATS ? exactMeanCi(sorted) : resampledMeanCi(sorted);
    }

    /** The percentile interval of {@value #RESAMPLES} seeded resamples of the mean; expects sorted values. */
    static double[] resampledMeanCi(double[] sorted) {
        int n = sorted.length;
        SplittableRandom random = new SplittableRandom(seedOf(sorted));
        double[] means = new double[RESAMPLES];
        for (int r = 0; r < RESAMPLES; r++) {
            double sum = 0;
            for (int i = 0; i < n; i += 2) { // two indices from each 64-bit draw (Lemire's multiply-shift)
                long bits = random.nextLong();
                sum += sorted[(int) (((bits & 0xFFFFFFFFL) * n) >>> 32)];
                if (i + 1 < n) {
                    sum += sorted[(int) (((bits >>> 32) * n) >>> 32)];
                }
            }
            means[r] = sum / n;
        }
        return percentileInterval(means);
    }

    /** The percentile interval of the exact bootstrap distribution of the mean: its 2.5% and 97.5% quantiles. */
    static double[] exactMeanCi(double[] values) {
        int n = values.length;
        Compositions c = compositions(n);
        int m = c.probability.length;
        double[] means = new double[m];
        Integer[] order = new Integer[m];
        for (int j = 0; j < m; j++) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += c.counts[j * n + i] * values[i];
            }
            means[j] = sum / n;
            order[j] = j;
        }
        Arrays.sort(order, (x, y) -> Double.compare(means[x], means[y]));
        double tail = (1 - CONFIDENCE) / 2;
        double low = Double.NaN;
        double high = Double.NaN;
        double cumulative = 0;
        for (int j : order) {
            cumulative += c.probability[j];
            if (Double.isNaN(low) && cumulative >= tail - 1e-12) {
                low = means[j];
            }
            if (cumulative >= 1 - tail - 1e-12) {
                high = means[j];
                break;
            }
        }
        return new double[] {low, high};
    }

    private static synchronized Compositions compositions(int n) {
        if (COMPOSITIONS[n] == null) {
            COMPOSITIONS[n] = Compositions.of(n);
        }
        return COMPOSITIONS[n];
    }

    /** Every multiset of n indices out of n, as flattened counts, with the probability a resample draws it. */
    private record Compositions(byte[] counts, double[] probability) {
        static Compositions of(int n) {
            java.util.List<int[]> all = new java.util.ArrayList<>();
            collect(n, 0, n, new int[n], all);
            byte[] counts = new byte[all.size() * n];
            double[] probability = new double[all.size()];
            double logTotal = n * Math.log(n);
            for (int j = 0; j < all.size(); j++) {
                double logWeight = logFactorial(n) - logTotal;
                for (int i = 0; i < n; i++) {
                    counts[j * n + i] = (byte) all.get(j)[i];
                    logWeight -= logFactorial(all.get(j)[i]);
                }
                probability[j] = Math.exp(logWeight);
            }
            return new Compositions(counts, probability);
        }

        private static void collect(int n, int index, int left, int[] current, java.util.List<int[]> out) {
            if (index == n - 1) {
                current[index] = left;
                out.add(current.clone());
                return;
            }
            for (int k = 0; k <= left; k++) {
                current[index] = k;
                collect(n, index + 1, left - k, current, out);
            }
        }

        private static double logFactorial(int k) {
            double r = 0;
            for (int i = 2; i <= k; i++) {
                r += Math.log(i);
            }
            return r;
        }
    }

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
