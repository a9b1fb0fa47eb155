package dev.podium.stats;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import jakarta.persistence.Embeddable;

/**
 * The statistics stored with every cell at ingest (methodology section 4, read-api.md `stats`).
 * {@code rpsStddev} is null with a single repeat: a sample standard deviation needs two. One type for the entity's
 * columns (embedded in Cell, snake_case column names), the read queries and every read record that shows a cell.
 */
@Embeddable
public record CellStats(int repeatCount, double rpsTrimmedMean, double rpsMedian, double rpsMean,
                        @Schema(nullable = true) Double rpsStddev,
                        double rpsCiLow, double rpsCiHigh, double errorRate, double p50Median, double p90Median,
                        double p99Median, boolean overErrorLimit) {

    /** A cell is marked, not hidden, above this error rate (methodology section 7). */
    public static final double ERROR_LIMIT = 0.01;
}
