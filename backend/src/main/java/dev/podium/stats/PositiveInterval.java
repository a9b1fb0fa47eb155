package dev.podium.stats;

/**
 * The 95% interval of a positive figure (throughput, requests per CPU-second, latency, memory per request), on the log
 * scale: the figure times exp(-h) to the figure times exp(h), where h is the half-width of the t interval of the mean
 * divided by the mean (the delta method: the standard error of the log of a mean is its standard error over the mean).
 * Never below zero, asymmetric, and around the figure it is shown with (methodology section 4): a t interval over two JVM
 * starts (t = 12.7) crossed zero.
 */
public final class PositiveInterval {

    private PositiveInterval() {}

    /**
     * [low, high] around {@code figure} from a t interval [tLow, tHigh] of the mean {@code mean}; null when there is no
     * interval, and [figure, figure] for a mean of zero with no spread.
     */
    public static double[] around(double figure, double mean, Double tLow, Double tHigh) {
        if (tLow == null || tHigh == null || !(figure > 0) || !(mean > 0)) {
            return null;
        }
        double h = (tHigh - tLow) / 2 / mean;
        return new double[] {figure * Math.exp(-h), figure * Math.exp(h)};
    }
}
