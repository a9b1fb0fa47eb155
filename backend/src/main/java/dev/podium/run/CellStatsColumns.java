package dev.podium.run;

import dev.podium.figure.CellFigures;
import dev.podium.stats.CellStatistics;
import dev.podium.stats.RepeatFigures;
import java.util.ArrayList;
import java.util.List;

/** The ingest hook: derives a cell's statistics from its repeats and sets its stats, once, before insert. */
public final class CellStatsColumns {

    private CellStatsColumns() {}

    public static void fill(Cell cell) {
        List<RepeatFigures> figures = new ArrayList<>(cell.repeats.size());
        for (Repeat r : cell.repeats) {
            figures.add(new RepeatFigures(
                    r.requests,
                    r.requestsPerSecond,
                    r.p50Ms,
                    r.p90Ms,
                    r.p99Ms,
                    r.errorCount(),
                    r.errorsConnect + r.errorsRead + r.errorsWrite,
                    r.targetCpuSeconds(),
                    r.targetRssMeanBytes == null ? null : r.targetRssMeanBytes.doubleValue(),
                    r.fork));
        }
        cell.stats = CellStatistics.of(figures, cell.vcpus);
        cell.figures = CellFigures.of(cell.repeats.stream().map(r -> r.figures).toList());
        cell.rpsCiMethod =
                cell.stats.forks() > 1 ? CellStatistics.FORKS_INTERVAL_METHOD : CellStatistics.INTERVAL_METHOD;
    }
}
