package dev.podium.verdict;

import dev.podium.stats.CellStats;
import java.util.UUID;

/** A stored cell's throughput as the engine judges it alone: its figure and interval, over its JVM starts if several. */
public final class CellEvidence {

    private CellEvidence() {}

    /** The degrees of freedom of a stored interval: over the JVM starts' means when several, else the repeats. */
    public static int df(int forks, int repeats) {
        return forks > 1 ? forks - 1 : repeats - 1;
    }

    /** Null when the cell has no statistics or no positive figure. */
    public static Evidence of(CellStats stats, double figure, boolean lowerBound, UUID runId) {
        if (stats == null || !(figure > 0)) {
            return null;
        }
        return Evidence.ofInterval(
                figure,
                stats.rpsCiLow(),
                stats.rpsCiHigh(),
                df(stats.forks(), stats.repeatCount()),
                false,
                lowerBound,
                runId);
    }
}
