package dev.podium.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Expected values computed independently with numpy/scipy 1.17 (see the comments), never printed by this code. */
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
        assertEquals(101.43333333333334, CellStatistics.of(repeats(A), 1).rpsTrimmedMean(), 1e-9);
    }

    @Test
    void trimmed_mean_keeps_every_repeat_below_three() {
        assertEquals(15.0, CellStatistics.trimmedMean(new double[] {10, 20}), 1e-12);
        assertEquals(7.0, CellStatistics.trimmedMean(new double[] {7}), 1e-12);
        assertEquals(20.0, CellStatistics.trimmedMean(new double[] {30, 10, 20}), 1e-12);
    }

    @Test
    void median_mean_and_sample_standard_deviation_match_numpy() {
        CellStats s = CellStatistics.of(repeats(A), 1);
        assertEquals(5, s.repeatCount());
        assertEquals(101.0, s.rpsMedian(), 1e-12);
        assertEquals(106.36, s.rpsMean(), 1e-9);
        assertEquals(13.448531518348018, s.rpsStddev(), 1e-9);
        // np.median([90.2, 92.5, 88.1, 91.7]) = 90.95: an even count averages the two middle values
        assertEquals(90.95, CellStatistics.median(new double[] {90.2, 92.5, 88.1, 91.7}), 1e-12);
    }

    @Test
    void a_single_repeat_has_no_standard_deviation_no_interval_and_no_coefficient_of_variation() {
        CellStats s = CellStatistics.of(repeats(new double[] {5000}), 1);
        assertNull(s.rpsStddev());
        assertNull(s.rpsCiLow());
        assertNull(s.rpsCiHigh());
        assertNull(s.rpsCv());
        assertFalse(s.noisy());
        assertEquals(5000, s.rpsTrimmedMean());
    }

    @Test
    void interval_is_the_student_t_interval_of_the_mean_on_the_log_scale_around_the_figure() {
        // scipy.stats.t.interval(0.95, 4, loc=A.mean(), scale=A.std(ddof=1)/sqrt(5)) = (89.66144258495865,
        // 123.05855741504132) around the mean 106.36; on the log scale around the figure, the trimmed mean
        // 101.4333...: f * exp(-+ (high - low) / 2 / mean) = (86.6954512019038, 118.6765968510834)
        CellStats s = CellStatistics.of(repeats(A), 1);
        assertEquals(86.6954512019038, s.rpsCiLow(), 1e-9);
        assertEquals(118.6765968510834, s.rpsCiHigh(), 1e-9);
        // three repeats 8400, 10500, 15000: scipy (2923.629082735788, 19676.370917264212) around 11300, far wider than
        // 8400..15000; around the figure 10500 on the log scale (5003.329018442833, 22035.328796808306), above zero
        CellStats three = CellStatistics.of(repeats(new double[] {8400, 10500, 15000}), 1);
        assertEquals(5003.329018442833, three.rpsCiLow(), 1e-6);
        assertEquals(22035.328796808306, three.rpsCiHigh(), 1e-6);
        assertTrue(three.rpsCiLow() < three.rpsTrimmedMean() && three.rpsTrimmedMean() < three.rpsCiHigh());
        CellStats flat = CellStatistics.of(repeats(new double[] {700, 700, 700}), 1);
        assertEquals(700, flat.rpsCiLow());
        assertEquals(700, flat.rpsCiHigh());
    }

    @Test
    void an_interval_over_two_wild_repeats_stays_above_zero() {
        // the t interval over 1,000 and 30,000 req/s (t = 12.7) is (-169,000, 200,000): it crossed zero
        CellStats s = CellStatistics.of(repeats(new double[] {1_000, 30_000}), 1);
        assertTrue(s.rpsCiLow() > 0, "low end " + s.rpsCiLow());
        assertTrue(s.rpsCiLow() < s.rpsTrimmedMean() && s.rpsTrimmedMean() < s.rpsCiHigh());
    }

    @Test
    void the_same_repeats_give_the_same_interval_in_any_order() {
        CellStats first = CellStatistics.of(repeats(A), 1);
        CellStats shuffled = CellStatistics.of(repeats(new double[] {130.0, 99.1, 101.0, 104.2, 97.5}), 1);
        assertEquals(first.rpsCiLow(), shuffled.rpsCiLow(), 1e-9);
        assertEquals(first.rpsCiHigh(), shuffled.rpsCiHigh(), 1e-9);
    }

    @Test
    void coefficient_of_variation_flags_a_cell_noisy_above_five_percent() {
        // numpy: A.std(ddof=1) / A.mean() = 0.12644350807021454; [100, 104, 96] -> 0.04; [100, 106, 94] -> 0.06
        CellStats a = CellStatistics.of(repeats(A), 1);
        assertEquals(0.12644350807021454, a.rpsCv(), 1e-12);
        assertTrue(a.noisy());
        CellStats quiet = CellStatistics.of(repeats(new double[] {100, 104, 96}), 1);
        assertEquals(0.04, quiet.rpsCv(), 1e-12);
        assertFalse(quiet.noisy());
        assertTrue(CellStatistics.of(repeats(new double[] {100, 106, 94}), 1).noisy());
    }

    @Test
    void cost_figures_are_means_over_repeats_with_their_t_interval_and_null_without_usage() {
        // requests 150000, 165000, 141000 at 10000, 11000, 9400 req/s on 2 vCPUs; CPU 12 + 3, 14 + 2.5, 11.5 + 2.75 s;
        // mean RSS 400, 420, 390 MB. scipy.stats.t.interval(0.95, 2, ...) over the per-repeat ratios:
        // requests / CPU s: 9964.912280701754 (9813.942009482475, 10115.882551921033)
        // req/s / vCPU: 5066.666666666667 (4062.714363058459, 6070.618970274874)
        // MB / (req/s / 1000): 39.89039329464862 (35.775434915975424, 44.00535167332181)
        // each on the log scale around its mean m, m * exp(-+ (high - low) / 2 / m): the intervals below
        List<RepeatFigures> r = List.of(
                new RepeatFigures(150000, 10000, 1, 2, 3, 0, 0, 15.0, 400e6, 0),
                new RepeatFigures(165000, 11000, 1, 2, 3, 0, 0, 16.5, 420e6, 0),
                new RepeatFigures(141000, 9400, 1, 2, 3, 0, 0, 14.25, 390e6, 0));
        CellStats s = CellStatistics.of(r, 2);
        assertEstimate(s.requestsPerCpuSecond(), 9964.912280701754, 9815.079869789759, 10117.031963002013, 3);
        assertEstimate(s.rpsPerVcpu(), 5066.666666666667, 4155.923467847623, 6176.993226587575, 3);
        assertEstimate(s.rssMbPerKrps(), 39.89039329464862, 35.98056384382229, 44.22508452365338, 3);

        CellStats v1 = CellStatistics.of(repeats(A), 2);
        assertNull(v1.requestsPerCpuSecond());
        assertNull(v1.rpsPerVcpu());
        assertNull(v1.rssMbPerKrps());
    }

    @Test
    void a_repeat_that_served_nothing_or_used_no_cpu_defines_no_ratio_and_is_not_counted() {
        List<RepeatFigures> r = List.of(
                new RepeatFigures(150000, 10000, 1, 2, 3, 0, 0, 15.0, 400e6, 0),
                new RepeatFigures(0, 0, 1, 2, 3, 0, 0, 0.0, 380e6, 0));
        CellStats s = CellStatistics.of(r, 1);
        assertEstimate(s.requestsPerCpuSecond(), 10000, null, null, 1);
        assertEstimate(s.rssMbPerKrps(), 40, null, null, 1);
        assertEquals(2, s.rpsPerVcpu().repeats());
    }

    private static void assertEstimate(Estimate e, double mean, Double low, Double high, int repeats) {
        assertEquals(mean, e.mean(), 1e-9 * Math.abs(mean));
        if (low == null) {
            assertNull(e.ciLow());
            assertNull(e.ciHigh());
        } else {
            assertEquals(low, e.ciLow(), 1e-9 * Math.abs(low));
            assertEquals(high, e.ciHigh(), 1e-9 * Math.abs(high));
        }
        assertEquals(repeats, e.repeats());
    }

    @Test
    void latency_figures_are_medians_across_repeats() {
        List<RepeatFigures> r = List.of(
                new RepeatFigures(1, 1, 0.5, 0.8, 1.9, 0),
                new RepeatFigures(1, 1, 0.49, 0.79, 1.8, 0),
                new RepeatFigures(1, 1, 0.52, 0.82, 2.0, 0),
                new RepeatFigures(1, 1, 0.5, 0.8, 1.9, 0));
        CellStats s = CellStatistics.of(r, 1);
        assertEquals(0.5, s.p50Median(), 1e-12);
        assertEquals(0.8, s.p90Median(), 1e-12);
        assertEquals(1.9, s.p99Median(), 1e-12);
    }
}
