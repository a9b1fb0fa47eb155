package dev.podium.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.podium.warmup.TimeToPeak.Measured;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Time to peak (methodology, "Time to peak") on hand-made warm-ups, the figures worked out by hand in each test. */
class TimeToPeakTest {

    private static WarmupWindow w(double seconds, double rps) {
        return new WarmupWindow(0, seconds, rps, null);
    }

    private static WarmupWindow w(int fork, double seconds, double rps) {
        return new WarmupWindow(fork, seconds, rps, null);
    }

    private static Measured r(double rps) {
        return new Measured(0, 15.0, rps);
    }

    private static Measured r(int fork, double rps) {
        return new Measured(fork, 15.0, rps);
    }

    @Test
    void the_end_of_the_first_window_at_95_percent_of_the_steady_state() {
        // steady: the one repeat, 100,000.5; 95% is 95,000.475: the third window (97,000) is the first at it
        List<WarmupWindow> windows = List.of(w(5.002, 52100), w(5.001, 88000.25), w(5.003, 97000), w(5, 99500.75));
        assertEquals(15.006, TimeToPeak.seconds(windows, "full", "closed", List.of(r(100000.5)), 15));
    }

    @Test
    void the_steady_state_is_the_trimmed_mean_of_the_repeats() {
        // repeats 90,000, 100,000, 200,000: trimmed mean 100,000 (the mean would be 130,000, 95% of it 123,500)
        List<WarmupWindow> windows = List.of(w(5, 94999), w(5, 95000), w(5, 99000));
        assertEquals(10.0, TimeToPeak.seconds(windows, "full", "closed", List.of(r(90000), r(100000), r(200000)), 15));
    }

    @Test
    void a_warmup_that_ends_below_the_peak_goes_on_counting_through_the_repeats() {
        // windows at 1,000 and 2,000 (5 s each); repeats 5,000, 9,600, 10,000 (15 s each): steady 9,600, 95% 9,120,
        // first reached by the second repeat: 5 + 5 + 15 + 15 = 40 s (Spring's climb shows as a long time to peak)
        assertEquals(
                40.0,
                TimeToPeak.seconds(
                        List.of(w(5, 1000), w(5, 2000)), "full", "closed", List.of(r(5000), r(9600), r(10000)), 15));
        // a v1-style repeat without its wall time counts the cell's duration
        assertEquals(
                25.0,
                TimeToPeak.seconds(
                        List.of(w(5, 1000), w(5, 2000)), "full", "closed", List.of(new Measured(0, null, 10000)), 15));
    }

    @Test
    void the_mean_over_the_starts_that_reached_it() {
        // start 0 peaks at its 2nd window (10 s), start 1 at its 4th (20 s): 15 s
        List<WarmupWindow> windows =
                List.of(w(0, 5, 50000), w(0, 5, 99000), w(1, 5, 40000), w(1, 5, 60000), w(1, 5, 80000), w(1, 5, 98000));
        List<Measured> repeats = List.of(r(0, 100000), r(0, 100000), r(1, 100000), r(1, 100000));
        assertEquals(15.0, TimeToPeak.seconds(windows, "full", "closed", repeats, 15));
        // start 1 never reaches it (its windows and repeats stay below 95,000): start 0's 10 s alone
        List<Measured> slow = List.of(r(0, 100000), r(0, 100000), r(0, 100000), r(1, 90000));
        assertEquals(
                10.0,
                TimeToPeak.seconds(
                        List.of(w(0, 5, 50000), w(0, 5, 99000), w(1, 5, 40000)), "full", "closed", slow, 15));
    }

    @Test
    void none_where_it_means_nothing() {
        List<WarmupWindow> windows = List.of(w(5, 1000), w(5, 2000));
        List<Measured> repeats = List.of(r(2000));
        assertNull(TimeToPeak.seconds(List.of(), "full", "closed", repeats, 15), "no window kept");
        assertNull(TimeToPeak.seconds(windows, "check", "closed", repeats, 15), "a check of a start already steady");
        assertNull(TimeToPeak.seconds(windows, "full", "open", repeats, 15), "open loop: the rate is the offered one");
        assertNull(TimeToPeak.seconds(windows, "full", "closed", List.of(r(0)), 15), "no throughput at all");
        assertEquals(10.0, TimeToPeak.seconds(windows, null, "closed", repeats, 15), "a payload that does not say");
    }
}
