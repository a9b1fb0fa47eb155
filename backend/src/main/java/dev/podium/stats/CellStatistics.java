package dev.podium.stats;

import java.util.Arrays;
import java.util.List;

import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.descriptive.rank.Percentile.EstimationType;

/** Derives a cell's {@link CellStats} from its repeats; pure, deterministic, computed once at ingest. */
public final class CellStatistics {

    private CellStatistics() {
    }

    public static CellStats of(List<RepeatFigures> repeats) {
        if (repeats.isEmpty()) {
            throw new IllegalArgumentException("a cell needs at least one repeat");
        }
        int n = repeats.size();
        double[] rps = new double[n];
        double[] p50 = new double[n];
        double[] p90 = new double[n];
        double[] p99 = new double[n];
        long requests = 0;
        long errors = 0;
        for (int i = 0; i < n; i++) {
            RepeatFigures r = repeats.get(i);
            rps[i] = r.requestsPerSecond();
            p50[i] = r.p50Ms();
            p90[i] = r.p90Ms();
            p99[i] = r.p99Ms();
            requests += r.requests();
            errors += r.errors();
        }
        double[] ci = Bootstrap.meanCi(rps);
        long attempts = requests + errors;
        double errorRate = attempts == 0 ? 0.0 : (double) errors / attempts;
        return new CellStats(n, trimmedMean(rps), median(rps), new Mean().evaluate(rps),
                n < 2 ? null : new StandardDeviation(true).evaluate(rps), ci[0], ci[1], errorRate,
                median(p50), median(p90), median(p99), errorRate > CellStats.ERROR_LIMIT);
    }

    /** Mean after dropping the best and the worst value, when there are at least 3 (methodology section 4). */
    public static double trimmedMean(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int from = sorted.length >= 3 ? 1 : 0;
        int to = sorted.length >= 3 ? sorted.length - 1 : sorted.length;
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += sorted[i];
        }
        return sum / (to - from);
    }

    /** Median; the mean of the two middle values for an even count. */
    public static double median(double[] values) {
        return new Percentile().withEstimationType(EstimationType.R_7).evaluate(values, 50.0);
    }
}
