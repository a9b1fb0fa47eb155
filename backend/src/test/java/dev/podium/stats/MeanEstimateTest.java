package dev.podium.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * What a test between two cells reads of each (issue 25): one start as its repeats, several as its starts' means,
 * with the same choice of variance as the cell's stored interval (CellStatistics.forkSpread), so the test and the
 * interval the board shows never disagree about how uncertain a figure is.
 */
class MeanEstimateTest {

    @Test
    void one_start_is_its_repeats_as_welchs_test_always_took_them() {
        double[] a = {101.0, 97.5, 104.2, 99.1, 130.0};
        double[] b = {90.2, 92.5, 88.1, 91.7};
        MeanEstimate e = MeanEstimate.ofStarts(new double[][] {a});
        assertEquals(1, e.starts());
        assertEquals(4, e.df());
        // scipy.stats.ttest_ind(a, b, equal_var=False), as WelchTest holds for the arrays
        Welch.Result r = Welch.test(e, MeanEstimate.ofStarts(new double[][] {b}));
        assertEquals(2.58304312309311, r.t(), 1e-9);
        assertEquals(4.205848916294261, r.df(), 1e-9);
        assertEquals(0.05818750982627699, r.pValue(), 1e-9);
    }

    @Test
    void several_starts_are_their_means_when_the_starts_differ_more_than_the_repeats() {
        double[][] starts = {{100_000.5, 100_800, 99_600}, {116_000, 116_800, 115_200}};
        MeanEstimate e = MeanEstimate.ofStarts(starts);
        assertEquals(2, e.starts());
        assertEquals(1, e.df());
        double m0 = (100_000.5 + 100_800 + 99_600) / 3;
        double m1 = 116_000;
        assertEquals((m0 + m1) / 2, e.mean(), 1e-9);
        // s^2 of two means over 2: ((m1 - m0)^2 / 2) / 2
        assertEquals((m1 - m0) * (m1 - m0) / 4, e.variance(), 1e-6);
        // the stored interval, from the same variance and degrees of freedom, on the log scale around the figure:
        // log(high / figure) x mean is the t interval's half-width
        CellStatistics.Spread s = CellStatistics.forkSpread(starts);
        double figure = CellStatistics.forkFigure(starts);
        assertEquals(Math.log(s.ciHigh() / figure) * e.mean(), StudentT.quantile(1) * Math.sqrt(e.variance()), 1e-6);
    }

    @Test
    void several_starts_that_agree_fall_back_to_the_pooled_repeats_as_the_interval_does() {
        double[][] starts = {{99, 100, 101}, {99, 100, 101}, {99, 100, 101}};
        MeanEstimate e = MeanEstimate.ofStarts(starts);
        assertEquals(3, e.starts());
        assertEquals(6, e.df()); // N - F
        assertEquals(1.0 / 9, e.variance(), 1e-12); // pooled s^2 = 1, over N = 9
        CellStatistics.Spread s = CellStatistics.forkSpread(starts);
        double figure = CellStatistics.forkFigure(starts);
        assertEquals(Math.log(s.ciHigh() / figure) * e.mean(), StudentT.quantile(6) * Math.sqrt(e.variance()), 1e-9);
    }

    @Test
    void no_spread_to_scale_by_is_no_estimate() {
        assertNull(MeanEstimate.ofStarts(new double[][] {{100}}));
        assertNull(MeanEstimate.ofStarts(new double[0][]));
        assertNull(
                Welch.test(MeanEstimate.ofStarts(new double[][] {{100}}), MeanEstimate.ofRepeats(new double[] {1, 2})));
    }
}
