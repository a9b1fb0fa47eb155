package dev.podium.stats;

import java.util.ArrayList;
import java.util.List;

import dev.podium.run.Cell;
import dev.podium.run.Repeat;

/** The ingest hook: derives a cell's statistics from its repeats and sets its stats columns, once, before insert. */
public final class CellStatsColumns {

    private CellStatsColumns() {
    }

    public static void fill(Cell cell) {
        List<RepeatFigures> figures = new ArrayList<>(cell.repeats.size());
        for (Repeat r : cell.repeats) {
            figures.add(new RepeatFigures(r.requests, r.requestsPerSecond, r.p50Ms, r.p90Ms, r.p99Ms, r.errorCount()));
        }
        CellStats s = CellStatistics.of(figures);
        cell.repeatCount = s.repeatCount();
        cell.rpsTrimmedMean = s.rpsTrimmedMean();
        cell.rpsMedian = s.rpsMedian();
        cell.rpsMean = s.rpsMean();
        cell.rpsStddev = s.rpsStddev();
        cell.rpsCiLow = s.rpsCiLow();
        cell.rpsCiHigh = s.rpsCiHigh();
        cell.errorRate = s.errorRate();
        cell.p50Median = s.p50Median();
        cell.p90Median = s.p90Median();
        cell.p99Median = s.p99Median();
        cell.overErrorLimit = s.overErrorLimit();
    }
}
