package dev.podium.verdict;

import dev.podium.stats.CellStatistics;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/**
 * Boards drawn as this project's VM measures (methodology section 10): each framework's true figure, times noise at
 * three levels, log-normal: between runs (or stretches of a run) {@code runs}, between JVM starts {@code starts},
 * between repeats {@code repeats}. Sequential: a target's starts all meet one stretch of the host (one draw of the run
 * level). In rounds: each round is one stretch, met by every target's start of that round.
 */
final class SimulatedBoards {

    final double repeats;
    final double starts;
    final double runs;
    final int startsPerCell;
    final int repeatsPerStart;

    SimulatedBoards(double repeats, double starts, double runs, int startsPerCell, int repeatsPerStart) {
        this.repeats = repeats;
        this.starts = starts;
        this.runs = runs;
        this.startsPerCell = startsPerCell;
        this.repeatsPerStart = repeatsPerStart;
    }

    /** One board of frameworks with these true figures, measured sequentially or in rounds, as the engine sees it. */
    List<Evidence> board(double[] truth, boolean inRounds, Random random) {
        UUID run = new UUID(random.nextLong(), random.nextLong());
        double[] stretch = new double[startsPerCell];
        for (int r = 0; r < startsPerCell; r++) {
            stretch[r] = runs * random.nextGaussian();
        }
        List<Evidence> rows = new ArrayList<>();
        for (double t : truth) {
            double own = runs * random.nextGaussian(); // the stretch a sequential run gives this target
            double[][] byStart = new double[startsPerCell][repeatsPerStart];
            Map<Integer, Double> rounds = new HashMap<>();
            for (int s = 0; s < startsPerCell; s++) {
                double host = inRounds ? stretch[s] : own;
                double start = starts * random.nextGaussian();
                for (int k = 0; k < repeatsPerStart; k++) {
                    byStart[s][k] = t * Math.exp(host + start + repeats * random.nextGaussian());
                }
                rounds.put(s, CellStatistics.trimmedMean(byStart[s]));
            }
            double figure = CellStatistics.forkFigure(byStart);
            CellStatistics.Spread spread = CellStatistics.forkSpread(byStart);
            Evidence e =
                    Evidence.ofInterval(figure, spread.ciLow(), spread.ciHigh(), startsPerCell - 1, false, false, run);
            rows.add(inRounds ? e.inRounds(rounds) : e);
        }
        return rows;
    }
}
