package dev.podium.read;

import dev.podium.stats.CellStats;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A cell's throughput as a table or chart shows it: the figure, its 95% interval and how many JVM starts the two rest
 * on. A point or row that shows one carries it {@code @JsonUnwrapped}: its JSON has these four fields beside its own.
 */
public record Throughput(
        @Schema(
                description = "requests/s: the cell's trimmed mean of its repeats (with several JVM starts, the mean of"
                        + " each start's trimmed mean); where it stands for a leaderboard row, the row's figure (its SLA"
                        + " throughput, else its best, pooled over its segment's runs)")
        double throughput,

        @Schema(nullable = true, description = "the figure's 95% interval, low end; null: no interval (one repeat)")
        Double ciLow,

        @Schema(nullable = true, description = "the figure's 95% interval, high end; null: no interval (one repeat)")
        Double ciHigh,

        @Schema(description = CellStats.FORKS_DESCRIPTION) int forks) {

    /** The cell's: its throughput with its statistics' interval and starts (no interval, one start, without them). */
    public static Throughput of(CellRow cell) {
        CellStats s = cell.stats();
        return s == null
                ? new Throughput(cell.throughput(), null, null, 1)
                : new Throughput(cell.throughput(), s.rpsCiLow(), s.rpsCiHigh(), s.forks());
    }
}
