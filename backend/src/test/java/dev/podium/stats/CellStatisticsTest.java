package dev.podium.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Expected values computed independently with numpy/scipy (see the comments), never printed by this code. */
class CellStatisticsTest {

    // numpy: np.sort(A)[1:-1].mean() = 101.43333333333334, np.median(A) = 101.0, A.mean() = 106.36,
    // A.std(ddof=1) = 13.448531518348018
    static final double[] A = {101.0, 97.5, 104.2, 99.1, 130.0};

    static List<RepeatFigures> repeats(double[] rps) {
        List<RepeatFigures> list = new ArrayList<>();
        for (double v : rps) {
            list.add(new RepeatFigures(1000, v, 1, 2, 3, 0));
        }
        return list;
    }

    @Test
    void trimmed_mean_drops_the_best_and_the_worst_repeat() {
        assertEquals(101.43333333333334, CellStatistics.of(repeats(A)).rpsTrimmedMean(), 1e-9);
    }

    @Test
    void trimmed_mean_keeps_every_repeat_below_three() {
        assertEquals(15.0, CellStatistics.trimmedMean(new double[] {10, 20}), 1e-12);
        assertEquals(7.0, CellStatistics.trimmedMean(new double[] {7}), 1e-12);
        assertEquals(20.0, CellStatistics.trimmedMean(new double[] {30, 10, 20}), 1e-12);
    }

    @Test
    void median_mean_and_sample_standard_deviation_match_numpy() {
        CellStats s = CellStatistics.of(repeats(A));
        assertEquals(5, s.repeatCount());
        assertEquals(101.0, s.rpsMedian(), 1e-12);
        assertEquals(106.36, s.rpsMean(), 1e-9);
        assertEquals(13.448531518348018, s.rpsStddev(), 1e-9);
        // np.median([90.2, 92.5, 88.1, 91.7]) = 90.95: an even count averages the two middle values
        assertEquals(90.95, CellStatistics.median(new double[] {90.2, 92.5, 88.1, 91.7}), 1e-12);
    }

    @Test
    void a_single_repeat_has_no_standard_deviation_and_a_point_interval() {
        CellStats s = CellStatistics.of(repeats(new double[] {5000}));
        assertNull(s.rpsStddev());
        assertEquals(5000, s.rpsCiLow());
        assertEquals(5000, s.rpsCiHigh());
        assertEquals(5000, s.rpsTrimmedMean());
    }

    @Test
    void bootstrap_interval_of_the_mean_matches_an_independent_numpy_bootstrap() {
        // numpy, 2,000,000 resamples, np.percentile (linear): (98.84, 118.4); the bounds of 200 independent
        // 10,000-resample runs spread with a standard deviation of 0.004 and 0.066: allow about 5 of those.
        CellStats s = CellStatistics.of(repeats(A));
        assertEquals(98.84, s.rpsCiLow(), 0.05);
        assertEquals(118.4, s.rpsCiHigh(), 0.35);
        double[] c = Bootstrap.meanCi(new double[] {120000, 122000, 118000, 121000, 119000});
        assertEquals(118800.0, c[0], 1e-6); // numpy: (118800.0, 121200.0) with no spread across seeds
        assertEquals(121200.0, c[1], 1e-6);
    }

    @Test
    void exact_bootstrap_equals_brute_force_over_every_ordered_resample() {
        java.util.SplittableRandom data = new java.util.SplittableRandom(42);
        for (int n = 2; n <= 6; n++) {
            for (int trial = 0; trial < 5; trial++) {
                double[] v = new double[n];
                for (int i = 0; i < n; i++) {
                    v[i] = 50_000 + data.nextDouble() * 10_000;
                }
                java.util.Arrays.sort(v);
                double[] exact = Bootstrap.exactMeanCi(v);
                // independent: all n^n equally likely ordered resamples, sorted, inverse CDF at 2.5% and 97.5%
                int total = (int) Math.pow(n, n);
                double[] means = new double[total];
                for (int code = 0; code < total; code++) {
                    double sum = 0;
                    for (int i = 0, c = code; i < n; i++, c /= n) {
                        sum += v[c % n];
                    }
                    means[code] = sum / n;
                }
                java.util.Arrays.sort(means);
                double low = means[(int) Math.ceil(0.025 * total - 1e-9) - 1];
                double high = means[(int) Math.ceil(0.975 * total - 1e-9) - 1];
                assertEquals(low, exact[0], 1e-6, "low bound, n=" + n);
                assertEquals(high, exact[1], 1e-6, "high bound, n=" + n);
            }
        }
    }

    @Test
    void the_same_repeats_give_the_same_interval_in_any_order() {
        double[] first = Bootstrap.meanCi(A);
        double[] shuffled = Bootstrap.meanCi(new double[] {130.0, 99.1, 101.0, 104.2, 97.5});
        assertEquals(first[0], shuffled[0], 0.0);
        assertEquals(first[1], shuffled[1], 0.0);
    }

    @Test
    void error_rate_is_errors_over_requests_plus_errors_and_flags_cells_over_one_percent() {
        List<RepeatFigures> r = List.of(new RepeatFigures(9900, 660, 1, 2, 3, 100),
                new RepeatFigures(10000, 666, 1, 2, 3, 0));
        CellStats s = CellStatistics.of(r);
        assertEquals(100.0 / 20000, s.errorRate(), 1e-15);
        assertFalse(s.overErrorLimit()); // 0.5%
        CellStats over = CellStatistics.of(List.of(new RepeatFigures(980, 65, 1, 2, 3, 20)));
        assertEquals(0.02, over.errorRate(), 1e-15);
        assertTrue(over.overErrorLimit());
        CellStats exactly = CellStatistics.of(List.of(new RepeatFigures(990, 65, 1, 2, 3, 10)));
        assertFalse(exactly.overErrorLimit()); // 1% is the limit, not over it
    }

    @Test
    void latency_figures_are_medians_across_repeats() {
        List<RepeatFigures> r = List.of(new RepeatFigures(1, 1, 0.5, 0.8, 1.9, 0),
                new RepeatFigures(1, 1, 0.49, 0.79, 1.8, 0), new RepeatFigures(1, 1, 0.52, 0.82, 2.0, 0),
                new RepeatFigures(1, 1, 0.5, 0.8, 1.9, 0));
        CellStats s = CellStatistics.of(r);
        assertEquals(0.5, s.p50Median(), 1e-12);
        assertEquals(0.8, s.p90Median(), 1e-12);
        assertEquals(1.9, s.p99Median(), 1e-12);
    }
}
