package dev.podium.read;

import dev.podium.companion.CpuSeconds;
import dev.podium.companion.DatabaseClient;
import dev.podium.figure.CellFigures;
import dev.podium.gc.GcStats;
import dev.podium.stats.CellStats;
import dev.podium.stats.Estimate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import lombok.With;

/**
 * A cell as the read queries see it: its own columns, its stored statistics, and the run fields it is filtered by. A
 * segment's pooled cell is the same row with other statistics ({@code withStats}), marked revoked when any pooled run
 * was ({@code withAgentRevoked}).
 */
public record CellRow(
        long id,
        UUID runId,
        int ordinal,
        String framework,
        String frameworkVersion,
        String ioModel,
        String scenario,
        String loadModel,
        int connections,
        Double targetRate,
        Integer delayMs,
        int vcpus,
        double durationSeconds,
        Double warmupSeconds,
        boolean baseline,
        List<String> flags,
        @With CellStats stats,
        OffsetDateTime startedAt,
        OffsetDateTime receivedAt,
        String hostClass,
        String cpuModel,
        String jvmVendor,
        String jvmVersion,
        int jvmMajor,
        String cpus,
        CellView.Startup startup,
        String classification,
        @With boolean agentRevoked,
        String topology,
        DatabaseClient database,
        CpuSeconds cpuSeconds,
        Double timeToPeakSeconds,
        CellFigures figures,
        String jvmMode,
        List<String> jvmModeFlags,
        CellView.AotTraining aotTraining,
        CostLadder costLadder,
        Double achievedRate) {

    /** What a chart point's flags says, wherever a point shows its cell's {@link #shownFlags} (the OpenAPI's description). */
    public static final String POINT_FLAGS_DESCRIPTION =
            "the quality flags of the point's cell, as the leaderboard shows them";

    /** The target a row stands for: framework, I/O model and topology (a scale-out target is its own row). */
    public TargetKey target() {
        return new TargetKey(framework, ioModel, topology);
    }

    /** The cell's throughput figure: the trimmed mean of requests/s (0 when not computed). */
    public double throughput() {
        return stats == null ? 0 : stats.rpsTrimmedMean();
    }

    /**
     * The cell's flags as every table shows them: the payload's, then high-error-rate and noisy when the service found
     * the cell over the error limit or its repeats' variation above 5%.
     */
    public List<String> shownFlags() {
        List<String> shown = new ArrayList<>(flags);
        if (stats != null && stats.overErrorLimit() && !shown.contains("high-error-rate")) {
            shown.add("high-error-rate");
        }
        if (stats != null && Boolean.TRUE.equals(stats.noisy()) && !shown.contains("noisy")) {
            shown.add("noisy");
        }
        return shown;
    }

    /** The cell's allocation and GC as the answers show them; null without them. */
    public GcStats gc() {
        return GcStats.of(figures);
    }

    /** The cell's figures with an interval, by name (the answers' figures); empty without any. */
    public Map<String, Estimate> estimates() {
        return figures == null ? Map.of() : figures.estimates();
    }

    /** The cell as the read API shows it, without repeats. */
    public CellView view() {
        return new CellView(
                id,
                ordinal,
                framework,
                frameworkVersion,
                ioModel,
                scenario,
                loadModel,
                connections,
                targetRate,
                delayMs,
                vcpus,
                durationSeconds,
                warmupSeconds,
                baseline,
                flags,
                cpus,
                topology,
                startup,
                stats,
                null,
                database,
                cpuSeconds,
                timeToPeakSeconds,
                gc(),
                estimates(),
                jvmMode,
                jvmModeFlags,
                aotTraining,
                costLadder,
                achievedRate,
                null);
    }

    /** Runs compare newest first by startedAt, then receivedAt, then id: the "most recent run" everywhere. */
    public static int newestFirst(CellRow a, CellRow b) {
        int c = b.startedAt().compareTo(a.startedAt());
        if (c == 0) {
            c = b.receivedAt().compareTo(a.receivedAt());
        }
        return c != 0 ? c : b.runId().compareTo(a.runId());
    }
}
