package dev.podium.changes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.stats.CellStatistics;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * Series with known changes, each run 5 repeats with a coefficient of variation of 5% around its level, under the
 * default settings (p < 0.001, effect >= 5%, window 50, segments of 2 runs): every step of 10% or more is found at
 * its run and nothing else; a lone outlier and pure noise are never flagged. Ten seeds each.
 */
class SyntheticSeriesTest {

    static final EDivisive.Settings DEFAULTS = new EDivisive.Settings(50, 0.001, 0.05, 2);
    static final int SEEDS = 10;
    static final int REPEATS = 5;
    static final double CV = 0.05;

    /** The run means (trimmed) of a series and the change points found in it. */
    record Outcome(double[] points, List<Integer> found) {}

    /** The change points of a series whose i-th run is centred on level(i). */
    static List<Integer> detect(int runs, IntToDoubleFunction level, long seed) {
        return detect(runs, level, seed, CV);
    }

    static List<Integer> detect(int runs, IntToDoubleFunction level, long seed, double cv) {
        return series(runs, level, seed, cv).found();
    }

    static Outcome series(int runs, IntToDoubleFunction level, long seed, double cv) {
        Random random = new Random(seed);
        double[] points = new double[runs];
        List<double[]> repeats = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            double[] r = new double[REPEATS];
            for (int k = 0; k < REPEATS; k++) {
                r[k] = level.applyAsDouble(i) * (1 + cv * random.nextGaussian());
            }
            repeats.add(r);
            points[i] = CellStatistics.trimmedMean(r);
        }
        return new Outcome(
                points,
                EDivisive.changePoints(points, DEFAULTS, new RepeatsWelch(repeats)).stream()
                        .map(EDivisive.ChangePoint::index)
                        .toList());
    }

    @Test
    void everyStepOfTenPercentOrMoreIsFoundAtItsRunAndNothingElse() {
        // 100 seeds per case; repeats of CV 2% (wrk's usual spread) and 5%
        for (double cv : new double[] {0.02, 0.05}) {
            for (double step : new double[] {-0.20, -0.10, 0.10, 0.20}) {
                int exact = 0;
                double before = 100_000;
                double after = 100_000 * (1 + step);
                for (int seed = 0; seed < 100; seed++) {
                    Outcome o = series(40, i -> i < 25 ? before : after, seed, cv);
                    String what = "cv " + cv + " step " + step + " seed " + seed + ": " + o.found();
                    assertEquals(1, o.found().size(), what); // found, and no false alarm
                    int at = o.found().get(0);
                    if (at == 25) {
                        exact++;
                        continue;
                    }
                    assertTrue(at == 24 || at == 26, what); // one run off: that run's repeats sat between the levels
                }
                System.out.printf(
                        "step %+.0f%%, repeats CV %.0f%%: found 100 of 100, at its run %d, one run off %d,"
                                + " false alarms 0%n",
                        step * 100, cv * 100, exact, 100 - exact);
                // a 10% step is 4.5 standard errors of a run's mean at CV 5%: now and then the run at the step looks
                // alike
                assertTrue(exact >= (cv == 0.02 || Math.abs(step) >= 0.2 ? 100 : 95), "cv " + cv + " step " + step);
            }
        }
    }

    @Test
    void twoStepsAreBothFound() {
        for (int seed = 0; seed < SEEDS; seed++) {
            Outcome o = series(60, i -> i < 20 ? 50_000 : i < 40 ? 45_000 : 54_000, seed, CV);
            String what = "seed " + seed + ": " + o.found();
            assertEquals(2, o.found().size(), what);
            assertTrue(Math.abs(o.found().get(0) - 20) <= 1 && o.found().get(1) == 40, what);
        }
    }

    @Test
    void aFifteenPercentDropIsFoundOnTheLatestRunWhenRepeatsAgree() {
        // 5 repeats of CV 2% (wrk's usual spread) are enough for p < 0.001 on one run
        for (int seed = 0; seed < SEEDS; seed++) {
            List<Integer> found = detect(10, i -> i < 9 ? 80_000 : 80_000 * 0.85, seed, 0.02);
            assertEquals(List.of(9), found, "seed " + seed);
        }
    }

    @Test
    void aSlowDriftIsFlaggedWithinIt() {
        // flat for 20 runs, then 1% a run for 20 runs, then flat
        for (int seed = 0; seed < SEEDS; seed++) {
            List<Integer> found = detect(60, i -> 100_000 * (1 + 0.01 * Math.min(20, Math.max(0, i - 20))), seed);
            assertFalse(found.isEmpty(), "seed " + seed);
            // a ramp is cut into steps: inside it, or at its flat end (a step there still marks the drift's last runs)
            assertTrue(found.stream().allMatch(i -> i > 20 && i <= 43), "seed " + seed + ": " + found);
        }
    }

    @Test
    void aLoneOutlierRunIsNeverFlagged() {
        for (double outlier : new double[] {0.6, 0.8, 1.25, 1.5}) {
            for (int seed = 0; seed < SEEDS; seed++) {
                List<Integer> found = detect(40, i -> i == 20 ? 100_000 * outlier : 100_000, seed);
                assertEquals(List.of(), found, "outlier x" + outlier + " seed " + seed);
            }
        }
    }

    @Test
    void pureNoiseIsNeverFlagged() {
        for (int seed = 0; seed < SEEDS * 5; seed++) {
            assertEquals(List.of(), detect(100, i -> 100_000, seed), "seed " + seed);
        }
    }

    @Test
    void aSeriesOfOneThousandRunsIsRecomputedInWellUnderASecond() {
        IntToDoubleFunction level = i -> 100_000 * (1 + 0.1 * (i / 250 % 2)); // +10% at 250 and 750, -10% at 500
        detect(1000, level, 1); // warm the JIT
        long t0 = System.nanoTime();
        List<Integer> found = detect(1000, level, 2);
        double ms = (System.nanoTime() - t0) / 1e6;
        System.out.printf("1,000 runs x 5 repeats: %.1f ms, change points %s%n", ms, found);
        assertEquals(3, found.size(), found.toString());
        assertTrue(ms < 1000, ms + " ms");
    }
}
