package dev.podium.stats;

import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;

/**
 * The history's regression rule (methodology section 11). The runs are the units, as on the board's segments
 * (segment.Segments) and in a cell's JVM starts (CellStatistics.forkSpread): each run is one figure, and the run-to-run
 * spread of the previous runs' figures is the noise the latest run is judged against. The latest run regressed when
 * both hold: its figure is more than 5% below the median of the previous runs' figures, and it lies below the one-sided
 * 95% prediction bound of those figures, mean - t(0.95, n - 1) x sd x sqrt(1 + 1/n) (Student's t with n - 1 degrees of
 * freedom; p = P(T &lt; t), t = (latest - mean) / (sd x sqrt(1 + 1/n))). One-sided: the check looks for a drop only.
 * The repeats inside a run do not enter: with hundreds of pooled repeats any small difference looked significant, and
 * the spread from one run (one JVM start) to the next, the larger noise, never entered the test.
 */
public final class RegressionCheck {

    public static final double THRESHOLD = 0.05;

    /** The level of the one-sided prediction bound. */
    public static final double ALPHA = 0.05;

    /** Fewest previous runs the prediction test is made with: below it the test says it is undefined. */
    public static final int MIN_RUNS = 2;

    /**
     * The prediction test of the latest figure against the previous runs' figures: their mean and sample standard
     * deviation, t, its degrees of freedom, the one-sided p and the 95% lower prediction bound. With every previous
     * figure the same (sd 0), t is infinite and p 0 or 1: any figure below them is beyond their (zero) spread.
     */
    public record Prediction(double mean, double sd, double t, int df, double pValue, double lowerBound) {

        public boolean significant() {
            return pValue < ALPHA;
        }
    }

    /** {@code change} = latest / median - 1; {@code prediction} null when undefined (fewer than 2 previous runs). */
    public record Result(boolean regression, double median, double change, Prediction prediction, String detail) {}

    private RegressionCheck() {}

    /** {@code latest}: the latest run's figure; {@code previous}: the previous runs' figures, one per run. */
    public static Result check(double latest, double[] previous) {
        double median = CellStatistics.median(previous);
        double change = median == 0 ? 0 : latest / median - 1;
        Prediction prediction = predict(latest, previous);
        boolean worse = change < -THRESHOLD;
        boolean significant = prediction != null && prediction.significant() && latest < prediction.mean();
        String test = prediction == null
                ? "the prediction test needs at least " + MIN_RUNS + " previous runs"
                : String.format(
                        Locale.ROOT,
                        "run-to-run sd %,.0f req/s (%.1f%%), 95%% lower prediction bound %,.0f req/s, t = %s, df = %d,"
                                + " one-sided %s",
                        prediction.sd(),
                        prediction.mean() == 0 ? 0 : prediction.sd() / prediction.mean() * 100,
                        prediction.lowerBound(),
                        Double.isInfinite(prediction.t())
                                ? (prediction.t() < 0 ? "-∞" : "∞")
                                : String.format(Locale.ROOT, "%.2f", prediction.t()),
                        prediction.df(),
                        pText(prediction.pValue()));
        String detail = String.format(
                Locale.ROOT,
                "%+.1f%% against the median %,.0f req/s of the previous %d run%s; %s: %s",
                change * 100,
                median,
                previous.length,
                previous.length == 1 ? "" : "s",
                test,
                worse && significant ? "regression" : !worse ? "within 5%" : "within the runs' spread");
        return new Result(worse && significant, median, change, prediction, detail);
    }

    /** The one-sided prediction test of {@code latest} against {@code previous}; null below {@link #MIN_RUNS}. */
    public static Prediction predict(double latest, double[] previous) {
        int n = previous.length;
        if (n < MIN_RUNS) {
            return null;
        }
        double mean = new Mean().evaluate(previous);
        double sd = new StandardDeviation(true).evaluate(previous);
        double scale = sd * Math.sqrt(1 + 1.0 / n);
        TDistribution t = new TDistribution(null, n - 1, 1e-14);
        double bound = mean - t.inverseCumulativeProbability(1 - ALPHA) * scale;
        if (scale == 0) {
            int side = Double.compare(latest, mean);
            double tValue = side == 0 ? 0 : side < 0 ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
            return new Prediction(mean, sd, tValue, n - 1, side == 0 ? 0.5 : side < 0 ? 0 : 1, bound);
        }
        double tValue = (latest - mean) / scale;
        return new Prediction(mean, sd, tValue, n - 1, t.cumulativeProbability(tValue), bound);
    }

    /** A p-value in a sentence: "p < 0.001" or "p = 0.041" (never "p = < 0.001"). */
    public static String pText(double p) {
        return p < 0.001 ? "p < 0.001" : "p = " + p(p);
    }

    /** A p-value in words: "< 0.001" or three decimals without trailing zeros. */
    public static String p(double p) {
        if (p < 0.001) {
            return "< 0.001";
        }
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.3f", p))
                .stripTrailingZeros()
                .toPlainString();
    }
}
