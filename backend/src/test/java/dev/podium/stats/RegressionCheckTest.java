package dev.podium.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RegressionCheckTest {

    /** Five runs' figures spreading 5% from run to run: mean and median 100,000, sample sd 5,000. */
    static final double[] CV5 = {100_000, 105_000, 95_000, 105_000, 95_000};

    @Test
    void a_run_inside_the_run_to_run_spread_is_no_regression_however_far_below_the_median() {
        // -7%: past the 5% floor, but t = -7000 / (5000 sqrt(1.2)) = -1.278, df 4, one-sided p = 0.135 (Student's t
        // CDF); the old test of its tight repeats against the pooled ones called this a regression
        RegressionCheck.Result r = RegressionCheck.check(93_000, CV5);
        assertFalse(r.regression(), r.detail());
        assertEquals(-0.07, r.change(), 1e-12);
        assertEquals(-1.278, r.prediction().t(), 1e-3);
        assertEquals(0.135, r.prediction().pValue(), 1e-3);
        assertTrue(r.detail().endsWith(": within the runs' spread"), r.detail());
    }

    @Test
    void a_fifteen_percent_drop_against_runs_of_cv_five_percent_is_a_regression() {
        // t = -15000 / (5000 sqrt(1.2)) = -2.7386, df 4: one-sided p = 0.02599; bound 100000 - 2.13185 x 5477.2 =
        // 88,323
        RegressionCheck.Result r = RegressionCheck.check(85_000, CV5);
        assertTrue(r.regression(), r.detail());
        assertEquals(100_000, r.median(), 1e-9);
        assertEquals(5_000, r.prediction().sd(), 1e-9);
        assertEquals(4, r.prediction().df());
        assertEquals(-2.7386, r.prediction().t(), 1e-4);
        assertEquals(0.02599, r.prediction().pValue(), 1e-5);
        assertEquals(88_323.39, r.prediction().lowerBound(), 0.01);
        assertEquals(
                "-15.0% against the median 100,000 req/s of the previous 5 runs; run-to-run sd 5,000 req/s (5.0%),"
                        + " 95% lower prediction bound 88,323 req/s, t = -2.74, df = 4, one-sided p = 0.026: regression",
                r.detail());
    }

    @Test
    void a_drop_within_five_percent_is_not_a_regression_even_beyond_a_tight_spread() {
        RegressionCheck.Result r =
                RegressionCheck.check(97_000, new double[] {100_000, 100_100, 99_900, 100_050, 99_950});
        assertTrue(r.prediction().significant(), r.detail());
        assertFalse(r.regression());
        assertTrue(r.detail().endsWith("within 5%"), r.detail());
    }

    @Test
    void previous_runs_that_all_measured_the_same_leave_no_spread_to_hide_a_drop_in() {
        RegressionCheck.Result r = RegressionCheck.check(85_000, new double[] {100_000, 100_000, 100_000, 100_000});
        assertTrue(r.regression(), r.detail());
        assertEquals(0, r.prediction().pValue());
        assertTrue(r.detail().contains("t = -∞, df = 3, one-sided p < 0.001: regression"), r.detail());
        assertFalse(RegressionCheck.check(100_000, new double[] {100_000, 100_000})
                .prediction()
                .significant());
    }

    @Test
    void one_previous_run_gives_no_test() {
        RegressionCheck.Result r = RegressionCheck.check(80_000, new double[] {100_000});
        assertNull(r.prediction());
        assertFalse(r.regression());
        assertTrue(r.detail().contains("the prediction test needs at least 2 previous runs"), r.detail());
    }

    @Test
    void p_values_are_written_in_plain_words() {
        assertEquals("< 0.001", RegressionCheck.p(0.0004));
        assertEquals("p < 0.001", RegressionCheck.pText(0.0004));
        assertEquals("p = 0.058", RegressionCheck.pText(0.05818));
        assertEquals("0.41", RegressionCheck.p(0.41));
        assertEquals("0.058", RegressionCheck.p(0.05818));
    }
}
