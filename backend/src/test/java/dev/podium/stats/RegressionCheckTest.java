package dev.podium.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RegressionCheckTest {

    static final double[] PREVIOUS = {100, 104, 98, 103, 101, 99, 105, 97, 102, 104};

    @Test
    void a_significant_drop_of_more_than_five_percent_is_a_regression() {
        // latest 90 vs median(100, 101, 102) = 101: -10.9%; latest repeats clearly below the pooled previous ones
        RegressionCheck.Result r =
                RegressionCheck.check(90, new double[] {89, 90, 91, 90, 90}, new double[] {100, 101, 102}, PREVIOUS);
        assertEquals(101, r.median(), 1e-12);
        assertEquals(90.0 / 101 - 1, r.change(), 1e-12);
        assertTrue(r.regression(), r.detail());
        assertTrue(r.detail().endsWith("regression"), r.detail());
        assertTrue(r.detail().startsWith("-10.9% against the median 101 req/s of the previous 3 runs"), r.detail());
        assertTrue(r.detail().contains(", p < 0.001: "), r.detail());
    }

    @Test
    void a_drop_within_five_percent_is_not_a_regression_even_when_significant() {
        RegressionCheck.Result r =
                RegressionCheck.check(97, new double[] {96.9, 97, 97.1}, new double[] {100, 101, 102}, PREVIOUS);
        assertFalse(r.regression());
        assertTrue(r.detail().endsWith("within 5%"), r.detail());
    }

    @Test
    void a_large_but_noisy_drop_is_not_significant() {
        RegressionCheck.Result r = RegressionCheck.check(90, new double[] {40, 140, 90}, new double[] {100}, PREVIOUS);
        assertFalse(r.regression());
        assertTrue(r.detail().endsWith("not significant"), r.detail());
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
