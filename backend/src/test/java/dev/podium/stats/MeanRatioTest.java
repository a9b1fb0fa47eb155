package dev.podium.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** compare's ratio of means and its Fieller interval: one estimator with Welch's test. */
class MeanRatioTest {

    @Test
    void the_ratio_and_its_interval_match_an_independent_scipy_computation() {
        // scipy: t.ppf(0.975, 7.2) = 2.3513738506156905; Fieller's quadratic on the means and Welch's standard errors
        MeanRatio.Result r = MeanRatio.of(
                new double[] {50000, 52000, 49000, 51000, 50500},
                new double[] {120000, 122000, 118000, 121000, 119000});
        assertEquals(2.376237623762376, r.ratio(), 1e-12);
        assertEquals(2.313118742538357, r.low(), 1e-9);
        assertEquals(2.441933751355572, r.high(), 1e-9);
    }

    @Test
    void the_interval_leaves_out_one_exactly_when_welch_finds_the_means_different() {
        double[] a = {100, 104, 96, 101, 99};
        for (double shift = 0; shift <= 12; shift += 0.25) {
            double[] b = {100 + shift, 103 + shift, 97 + shift, 102 + shift, 98 + shift};
            MeanRatio.Result r = MeanRatio.of(a, b);
            boolean leavesOutOne = r.low() > 1 || r.high() < 1;
            assertEquals(Welch.test(b, a).significant(), leavesOutOne, "shift " + shift);
        }
    }

    @Test
    void no_interval_when_the_test_is_undefined_or_the_baseline_mean_is_not_clear_of_zero() {
        MeanRatio.Result one = MeanRatio.of(new double[] {100}, new double[] {110, 120});
        assertEquals(1.15, one.ratio(), 1e-12);
        assertNull(one.low());
        assertNull(one.high());
        MeanRatio.Result wild = MeanRatio.of(new double[] {1, 200, 3}, new double[] {100, 110, 120});
        assertNull(wild.low(), "a's interval reaches 0: the ratio has no upper bound");
    }
}
