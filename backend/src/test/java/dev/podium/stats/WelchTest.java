package dev.podium.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;

/** Reference values from scipy.stats.ttest_ind(a, b, equal_var=False) and the Welch-Satterthwaite formula. */
class WelchTest {

    @Test
    void t_df_and_p_value_match_scipy_just_above_alpha() {
        Welch.Result r =
                Welch.test(new double[] {101.0, 97.5, 104.2, 99.1, 130.0}, new double[] {90.2, 92.5, 88.1, 91.7});
        assertEquals(2.58304312309311, r.t(), 1e-9);
        assertEquals(4.205848916294261, r.df(), 1e-9);
        assertEquals(0.05818750982627699, r.pValue(), 1e-9);
        assertFalse(r.significant());
    }

    @Test
    void a_clear_difference_is_significant_with_scipys_p_value() {
        Welch.Result r = Welch.test(
                new double[] {50000, 52000, 49000, 51000, 50500},
                new double[] {120000, 122000, 118000, 121000, 119000});
        assertEquals(-80.25168741735799, r.t(), 1e-7);
        assertEquals(7.2, r.df(), 1e-9);
        assertEquals(6.776594007299909e-12, r.pValue(), 1e-15);
        assertTrue(r.significant());
    }

    @Test
    void overlapping_repeats_are_not_significant() {
        Welch.Result r = Welch.test(new double[] {100, 104, 98, 103, 101}, new double[] {99, 105, 97, 102, 104});
        assertEquals(-0.10846522890932962, r.t(), 1e-9);
        assertEquals(0.9165809809829253, r.pValue(), 1e-9);
    }

    @Test
    void the_test_is_undefined_with_one_repeat_or_no_variance() {
        assertNull(Welch.test(new double[] {1}, new double[] {1, 2}));
        assertNull(Welch.test(new double[] {3, 3}, new double[] {3, 3, 3}));
    }

    @Test
    void commons_math_t_quantile_matches_scipy() {
        // scipy.stats.t.ppf(0.975, 4) = 2.7764451051977934
        assertEquals(2.7764451051977934, new TDistribution(4).inverseCumulativeProbability(0.975), 1e-9);
    }
}
