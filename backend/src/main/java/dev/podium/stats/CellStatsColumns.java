package dev.podium.stats;

import dev.podium.run.Cell;
import dev.podium.run.Repeat;
import java.util.ArrayList;
import java.util.List;

/** The ingest hook: derives a cell's statistics from its repeats and sets its stats, once, before insert. */
public final class CellStatsColumns {

    /** The interval method a row's rps_ci_low/rps_ci_high hold (V2__cost.sql): t over the repeats of one start. */
    public static final String INTERVAL_METHOD = "t";

    /** The interval of a cell with several JVM starts: t over the starts' means (CellStatistics, V14__forks.sql). */
    public static final String FORKS_INTERVAL_METHOD = "t-forks";

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
        cell.rpsCiMethod = cell.stats.forks() > 1 ? FORKS_INTERVAL_METHOD : INTERVAL_METHOD;
    }
}
