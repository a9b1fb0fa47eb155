package dev.podium.stats;

import java.util.Arrays;
import org.apache.commons.math3.stat.descriptive.moment.Mean;

/**
 * The two levels of a cell of several JVM starts (methodology section 4), as the stored interval
 * ({@link CellStatistics#forkSpread}) and the tests between cells ({@link MeanEstimate#ofStarts}) both read them: each
 * start's mean, the mean of those means, the repeats over all starts (N) and the sum of squares within the starts.
 */
record StartMeans(double[] means, double mean, int repeats, double withinSquares) {

    static StartMeans of(double[][] starts) {
        double[] means =
                Arrays.stream(starts).mapToDouble(g -> new Mean().evaluate(g)).toArray();
        int n = 0;
        double within = 0;
        for (int i = 0; i < starts.length; i++) {
            n += starts[i].length;
            for (double v : starts[i]) {
                within += (v - means[i]) * (v - means[i]);
            }
        }
        return new StartMeans(means, new Mean().evaluate(means), n, within);
    }

    /** F, the starts. */
    int starts() {
        return means.length;
    }

    /** The pooled within-start variance, N - F degrees of freedom; null without them (one repeat a start). */
    Double withinVariance() {
        return repeats > starts() ? withinSquares / (repeats - starts()) : null;
    }
}
