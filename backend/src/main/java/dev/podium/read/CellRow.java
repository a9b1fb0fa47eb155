package dev.podium.read;

import dev.podium.stats.CellStats;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import lombok.With;

/**
 * A cell as the read queries see it: the cell as the API shows it ({@link CellView}, without repeats or starts), and
 * the fields of its run it is filtered, ranked and dated by. A segment's pooled cell is the same row with other
 * statistics ({@code withStats}), marked revoked when any pooled run was ({@code withAgentRevoked}).
 */
public record CellRow(
        @With CellView cell,
        UUID runId,
        OffsetDateTime startedAt,
        OffsetDateTime receivedAt,
        String hostClass,
        String cpuModel,
        String jvmVendor,
        String jvmVersion,
        int jvmMajor,
        String classification,
        @With boolean agentRevoked) {

    /** A target's sweep in load order: fewest connections first, then the lowest offered rate (none counts as 0). */
    public static final Comparator<CellRow> BY_LOAD = Comparator.comparingInt(
                    (CellRow r) -> r.cell().connections())
            .thenComparingDouble(
                    r -> r.cell().targetRate() == null ? 0 : r.cell().targetRate());

    /** What a chart point's flags says, wherever a point shows its cell's {@link #shownFlags} (the OpenAPI's description). */
    public static final String POINT_FLAGS_DESCRIPTION =
            "the quality flags of the point's cell, as the leaderboard shows them";

    /** The cell's id: the row's key. */
    public long id() {
        return cell.id();
    }

    /** The target a row stands for: framework, I/O model and topology (a scale-out target is its own row). */
    public TargetKey target() {
        return new TargetKey(cell.framework(), cell.ioModel(), cell.topology());
    }

    /** The cell's throughput figure: the trimmed mean of requests/s (0 when not computed). */
    public double throughput() {
        return cell.stats() == null ? 0 : cell.stats().rpsTrimmedMean();
    }

    /** The cell's stored statistics (null when not computed), or a segment's pooled ones. */
    public CellStats stats() {
        return cell.stats();
    }

    /** The row with other statistics: a segment's pooled cell. */
    public CellRow withStats(CellStats stats) {
        return withCell(cell.withStats(stats));
    }

    /**
     * The cell's flags as every table shows them: the payload's, then high-error-rate and noisy when the service found
     * the cell over the error limit or its repeats' variation above 5%.
     */
    public List<String> shownFlags() {
        List<String> shown = new ArrayList<>(cell.flags());
        CellStats stats = cell.stats();
        if (stats != null && stats.overErrorLimit() && !shown.contains("high-error-rate")) {
            shown.add("high-error-rate");
        }
        if (stats != null && Boolean.TRUE.equals(stats.noisy()) && !shown.contains("noisy")) {
            shown.add("noisy");
        }
        return shown;
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
