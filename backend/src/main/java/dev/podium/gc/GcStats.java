package dev.podium.gc;

import dev.podium.figure.CellFigures;
import dev.podium.figure.Figure;
import dev.podium.stats.Estimate;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Allocation and garbage collection of a JVM cell over its repeats that carry them (payload v2 usage, read by the
 * agent's gcstats; methodology section 6), as the answers have shown them since V19__gc.sql: the declared figures
 * (figure.Figure) of a cell's {@link CellFigures}, derived once at ingest and stored with the cell. Null for a cell
 * without them: nginx, v1 runs, v2 runs measured before the agent read them.
 */
@Schema(description = "allocation and GC of a JVM cell over its repeats (methodology section 6)")
public record GcStats(
        @Schema(
                description = "bytes allocated on the heap per request: the mean per repeat and its 95% t interval"
                        + " over the cell's repeats (its JVM starts taken as one sample, as every Estimate)")
        Estimate allocatedBytesPerRequest,

        @Schema(description = "garbage-collection pauses per repeat, mean")
        Double gcCount,

        @Schema(description = "time in those pauses per repeat, seconds, mean")
        Double gcSeconds,

        @Schema(
                nullable = true,
                description = "the GC threads' CPU time over the target's CPU time, mean per repeat over the repeats"
                        + " that carry it; null when none does (a JDK before 22 lacks the counter: the cell is flagged"
                        + " jdk-lacks-counters)")
        Double gcCpuShare,

        @Schema(description = "the longest GC pause of every repeat, ms")
        Double gcPauseMaxMs) {

    /** The GC figures of a cell's figures; null when it has no allocation (or no figures at all). */
    public static GcStats of(CellFigures figures) {
        Estimate allocated = figures == null ? null : figures.estimate(Figure.ALLOCATED_BYTES_PER_REQUEST);
        return allocated == null
                ? null
                : new GcStats(
                        allocated,
                        figures.value(Figure.GC_COUNT),
                        figures.value(Figure.GC_SECONDS),
                        figures.value(Figure.GC_CPU_SHARE),
                        figures.value(Figure.GC_PAUSE_MAX_MS));
    }
}
