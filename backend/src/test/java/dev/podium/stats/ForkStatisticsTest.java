package dev.podium.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The statistics of a cell over several JVM starts (methodology section 7), without the service: the interval over
 * the starts' means, its floor at the within-start interval, and what the figure and the noise flag are then.
 * t quantiles (0.975): 4.302652729749464 (2 df), 2.306004135204168 (8 df).
 */
class ForkStatisticsTest {

    /** Repeats of requests/s, one array per start. */
    private static List<RepeatFigures> starts(double[]... rps) {
        List<RepeatFigures> out = new ArrayList<>();
        for (int f = 0; f < rps.length; f++) {
            for (double v : rps[f]) {
                out.add(new RepeatFigures(1000, v, 1, 2, 3, 0, 0, null, null, f));
            }
        }
        return out;
    }

    @Test
    void three_starts_that_differ_give_the_t_interval_over_their_means() {
        CellStats s = CellStatistics.of(
                starts(new double[] {100, 101, 99}, new double[] {110, 111, 109}, new double[] {120, 121, 119}), 1);
        // means 100, 110, 120: sd 10, 110 +- 4.3027 x 10 / sqrt(3); on the log scale around the figure (110, the mean
        // of the starts' trimmed means): 110 x exp(-+ half / 110)
        double half = 4.302652729749464 * 10 / Math.sqrt(3);
        assertEquals(3, s.forks());
        assertEquals(110, s.rpsMean(), 1e-9);
        assertEquals(110 * Math.exp(-half / 110), s.rpsCiLow(), 1e-9);
        assertEquals(110 * Math.exp(half / 110), s.rpsCiHigh(), 1e-9);
        assertEquals(10 / 110.0, s.rpsForkCv(), 1e-12);
        // within a start the repeats spread by 1 (sd 1 pooled): not noisy, whatever the starts do
        assertEquals(1.0, s.rpsStddev(), 1e-9);
        assertFalse(s.noisy());
        assertEquals(9, s.repeatCount());
    }

    @Test
    void starts_that_agree_keep_at_least_the_interval_of_their_repeats() {
        // the starts' means are equal: the between-start interval would be a point; the within-start one holds
        CellStats s = CellStatistics.of(
                starts(new double[] {90, 110, 100, 95, 105}, new double[] {110, 90, 100, 105, 95}), 1);
        double within = Math.sqrt((2 * (100 + 100 + 0 + 25 + 25)) / 8.0); // pooled sd over N - F = 8 df
        double half = 2.306004135204168 * within / Math.sqrt(10); // t(0.975, 8)
        assertEquals(100 * Math.exp(-half / 100), s.rpsCiLow(), 1e-9);
        assertEquals(100 * Math.exp(half / 100), s.rpsCiHigh(), 1e-9);
        assertEquals(0.0, s.rpsForkCv(), 1e-12);
    }

    @Test
    void the_figure_is_the_mean_of_each_starts_trimmed_mean() {
        // start 0 trims 130 and 90 (mean of 100, 101, 102: 101); start 1 trims 200 and 110 (120, 121, 122: 121)
        CellStats s = CellStatistics.of(
                starts(new double[] {90, 100, 101, 102, 130}, new double[] {110, 120, 121, 122, 200}), 1);
        assertEquals(111, s.rpsTrimmedMean(), 1e-9);
    }

    @Test
    void one_start_named_or_not_is_the_statistics_of_its_repeats() {
        double[] rps = {99.1, 101.0, 104.2, 97.5, 130.0};
        CellStats named = CellStatistics.of(starts(rps), 1);
        List<RepeatFigures> unnamed = new ArrayList<>();
        for (double v : rps) {
            unnamed.add(new RepeatFigures(1000, v, 1, 2, 3, 0));
        }
        CellStats plain = CellStatistics.of(unnamed, 1);
        assertEquals(plain, named);
        assertEquals(1, plain.forks());
        assertNull(plain.rpsForkCv());
        // the t interval of the mean, on the log scale around the figure (the trimmed mean of the five)
        double[] t = StudentT.meanInterval(rps);
        double mean = (t[0] + t[1]) / 2;
        double figure = (99.1 + 101.0 + 104.2) / 3;
        assertEquals(figure * Math.exp(-(t[1] - t[0]) / 2 / mean), plain.rpsCiLow(), 1e-9);
        assertTrue(plain.noisy()); // the 130 makes one start's repeats disagree by more than 5%
    }
}
