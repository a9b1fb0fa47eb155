package dev.podium.stats;

import java.util.Locale;

/**
 * The history's regression rule (methodology section 5). The latest run regressed when both hold:
 * its throughput (trimmed mean) is more than 5% below the median of the previous runs' throughputs, and
 * Welch's t-test between its repeats and the pooled repeats of those previous runs finds it lower at alpha 0.05
 * (two-sided p &lt; 0.05 with a negative t). Pooling the previous runs' repeats keeps run-to-run noise in the test.
 */
public final class RegressionCheck {

    public static final double THRESHOLD = 0.05;

    /** {@code change} = latest / median - 1; {@code welch} null when the test is undefined. */
    public record Result(boolean regression, double median, double change, Welch.Result welch, String detail) {}

    private RegressionCheck() {}

    public static Result check(
            double latest, double[] latestRepeats, double[] previousThroughputs, double[] previousRepeats) {
        double median = CellStatistics.median(previousThroughputs);
        double change = median == 0 ? 0 : latest / median - 1;
        Welch.Result welch = Welch.test(latestRepeats, previousRepeats);
        boolean worse = change < -THRESHOLD;
        boolean significant = welch != null && welch.significant() && welch.t() < 0;
        String test = welch == null
                ? "Welch's t-test undefined (fewer than 2 repeats or no variance)"
                : String.format(
                        Locale.ROOT, "Welch t = %.2f, df = %.1f, %s", welch.t(), welch.df(), pText(welch.pValue()));
        String detail = String.format(
                Locale.ROOT,
                "%+.1f%% against the median %,.0f req/s of the previous %d run%s; %s: %s",
                change * 100,
                median,
                previousThroughputs.length,
                previousThroughputs.length == 1 ? "" : "s",
                test,
                worse && significant ? "regression" : !worse ? "within 5%" : "not significant");
        return new Result(worse && significant, median, change, welch, detail);
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
