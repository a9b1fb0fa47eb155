package dev.podium.stats;

import jakarta.persistence.AttributeOverride;
import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The statistics stored with every cell at ingest (methodology section 4, read-api.md `stats`).
 * {@code rpsStddev}, {@code rpsCv} and the interval are null with a single repeat: a sample spread needs two.
 * The interval is the 95% Student's t interval of the mean of the repeats' requests/s (of the starts' means when the
 * cell has several JVM starts, {@code forks}; see {@link CellStatistics}); {@code noisy} is null only for a
 * row stored before V2__cost.sql that IntervalBackfill has not recomputed yet.
 * The cost figures are null for a cell without usage (payload v1): requests per CPU-second, requests/s per vCPU, and MB
 * (10^6 bytes) of mean resident memory per 1,000 requests/s, each over the repeats that define it.
 * One type for the entity's columns (embedded in Cell, snake_case column names), the read queries and every read
 * record that shows a cell.
 */
@Embeddable
public record CellStats(
        int repeatCount,
        double rpsTrimmedMean,
        double rpsMedian,
        double rpsMean,
        @Schema(nullable = true) Double rpsStddev,
        @Schema(nullable = true) Double rpsCiLow,
        @Schema(nullable = true) Double rpsCiHigh,
        double errorRate,
        double p50Median,
        double p90Median,
        double p99Median,
        boolean overErrorLimit,
        @Schema(nullable = true) Double rpsCv,
        @Schema(nullable = true) Boolean noisy,
        // an estimate's columns as V2__cost.sql names them: without these, all three would map to mean, ci_low, ...
        @AttributeOverride(name = "mean", column = @Column(name = "req_per_cpu_second"))
        @AttributeOverride(name = "ciLow", column = @Column(name = "req_per_cpu_second_ci_low"))
        @AttributeOverride(name = "ciHigh", column = @Column(name = "req_per_cpu_second_ci_high"))
        @AttributeOverride(name = "repeats", column = @Column(name = "req_per_cpu_second_repeats"))
        @Schema(nullable = true)
        Estimate requestsPerCpuSecond,

        @AttributeOverride(name = "mean", column = @Column(name = "rps_per_vcpu"))
        @AttributeOverride(name = "ciLow", column = @Column(name = "rps_per_vcpu_ci_low"))
        @AttributeOverride(name = "ciHigh", column = @Column(name = "rps_per_vcpu_ci_high"))
        @AttributeOverride(name = "repeats", column = @Column(name = "rps_per_vcpu_repeats"))
        @Schema(nullable = true)
        Estimate rpsPerVcpu,

        @AttributeOverride(name = "mean", column = @Column(name = "rss_mb_per_krps"))
        @AttributeOverride(name = "ciLow", column = @Column(name = "rss_mb_per_krps_ci_low"))
        @AttributeOverride(name = "ciHigh", column = @Column(name = "rss_mb_per_krps_ci_high"))
        @AttributeOverride(name = "repeats", column = @Column(name = "rss_mb_per_krps_repeats"))
        @Schema(nullable = true)
        Estimate rssMbPerKrps,

        @Schema(
                description = "how many JVM starts (forks) the cell's figure and interval rest on: 1, the interval"
                        + " describes one start; 2 or more, it counts the variance between starts (methodology"
                        + " section 4)")
        int forks,

        @Schema(
                nullable = true,
                description = "sample standard deviation of the starts' mean requests/s over their mean; null"
                        + " with one start")
        Double rpsForkCv) {

    /** What a read record's forks says, wherever a figure and its interval are shown (the OpenAPI's description). */
    public static final String FORKS_DESCRIPTION = "how many JVM starts the figure and its interval rest on: 1, the"
            + " interval describes one start (the spread between starts is not in it); 2 or more, it counts that spread";

    /** The statistics of a cell measured in one JVM start. */
    public CellStats(
            int repeatCount,
            double rpsTrimmedMean,
            double rpsMedian,
            double rpsMean,
            Double rpsStddev,
            Double rpsCiLow,
            Double rpsCiHigh,
            double errorRate,
            double p50Median,
            double p90Median,
            double p99Median,
            boolean overErrorLimit,
            Double rpsCv,
            Boolean noisy,
            Estimate requestsPerCpuSecond,
            Estimate rpsPerVcpu,
            Estimate rssMbPerKrps) {
        this(
                repeatCount,
                rpsTrimmedMean,
                rpsMedian,
                rpsMean,
                rpsStddev,
                rpsCiLow,
                rpsCiHigh,
                errorRate,
                p50Median,
                p90Median,
                p99Median,
                overErrorLimit,
                rpsCv,
                noisy,
                requestsPerCpuSecond,
                rpsPerVcpu,
                rssMbPerKrps,
                1,
                null);
    }

    /** A cell is marked, not hidden, above this error rate (methodology section 7). */
    public static final double ERROR_LIMIT = 0.01;

    /** A cell whose repeat-to-repeat coefficient of variation of requests/s is above this is noisy (issue 10). */
    public static final double NOISY_CV = 0.05;
}
