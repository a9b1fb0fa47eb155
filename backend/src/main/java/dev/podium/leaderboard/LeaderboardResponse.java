package dev.podium.leaderboard;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.podium.gc.GcStats;
import dev.podium.read.CellView;
import dev.podium.read.Throughput;
import dev.podium.stats.Estimate;
import dev.podium.verdict.Evidence;
import dev.podium.verdict.RankRange;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import lombok.With;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** GET /api/leaderboard (read-api.md "Leaderboard"). */
public record LeaderboardResponse(
        String scenario,
        String loadModel,
        double sla,

        @Schema(enumeration = {"throughput", "cpu", "memory"})
        String rank,

        @Schema(nullable = true) String hostClass,
        @Schema(nullable = true) Integer vcpus,
        Available available,
        @Schema(nullable = true) Baseline baseline,
        List<Row> rows,

        @Schema(
                enumeration = {"segment", "latest"},
                description = "segment: each throughput"
                        + " figure pooled over its series' current segment; latest: the newest run alone")
        String basis,

        @Schema(
                nullable = true,
                description = "segments=include only (absent otherwise): with basis=segment the runs behind each pooled"
                        + " cell, empty with basis=latest")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        @With
        List<dev.podium.segment.Segment> segments,

        @Schema(
                enumeration = {"exclude", "include"},
                description = "exclude (default): rows"
                        + " with no honest order (excludedBy) are listed unranked (rank null); include: ranked too, by"
                        + " their figure as measured")
        String flagged,

        @Schema(
                description = "host settings (payload v2 host.settings) that differ among the"
                        + " runs of the rows; empty when they agree")
        List<dev.podium.hostsettings.SettingDifference> hostSettingsDiffer,

        @Schema(
                description = "the topology filter applied: single (default: one instance per target, today's"
                        + " rankings), all (scale-out rows ranked beside the single ones, each labelled by its"
                        + " topology) or one nginx-N")
        String topology) {

    /** Filter values that exist, for the pickers. */
    public record Available(
            List<String> hostClasses,
            List<Integer> vcpus,
            List<String> jvmVendors,
            List<Integer> jvmMajors,
            List<String> frameworks,
            List<String> ioModels,
            List<Integer> connections,

            @Schema(description = "target classifications present (suite.json)")
            List<String> classifications,

            @Schema(description = "target topologies present (single, nginx-N), whatever the topology filter")
            List<String> topologies) {}

    /** The host's nginx baseline in the most recent matching run that has one. */
    public record Baseline(String framework, double bestThroughput, UUID runId) {}

    /** One framework target's figures from its most recent matching run. */
    @Schema(name = "LeaderboardRow")
    public record Row(
            @JsonUnwrapped @With RankRange place,
            String framework,
            String frameworkVersion,
            String ioModel,
            UUID runId,
            OffsetDateTime startedAt,
            String jvmVendor,
            String jvmVersion,
            @Schema(nullable = true) Double slaThroughput,
            @Schema(nullable = true) Integer slaConnections,
            @Schema(nullable = true) Long slaCellId,
            double bestThroughput,
            int bestConnections,
            long bestCellId,
            @Schema(nullable = true) Double ciLow,
            @Schema(nullable = true) Double ciHigh,
            @Schema(nullable = true) Double p90Ms,
            @Schema(nullable = true) Double p99Ms,
            double throughputPerVcpu,
            @Schema(nullable = true) Double baselineShare,
            @Schema(nullable = true) Double errorRate,
            List<String> flags,

            @Schema(description = "repeats behind the throughput figure and its interval")
            Integer repeatCount,

            @Schema(description = "repeat-to-repeat coefficient of variation of requests/s above 5%")
            boolean noisy,

            @Schema(
                    nullable = true,
                    description = "requests per CPU-second of the target (payload v2; null for v1 runs)")
            Estimate requestsPerCpuSecond,

            @Schema(
                    nullable = true,
                    description = "MB (10^6 bytes) of mean resident memory per 1,000 requests/s (payload v2)")
            Estimate rssMbPerKrps,

            @Schema(
                    nullable = true,
                    enumeration = {"throughput", "cpu", "memory"},
                    description = "the figure this row was ranked by (the query's rank); null for an unranked row")
            @With
            String rankedBy,

            @Schema(
                    nullable = true,
                    enumeration = {"bare-server", "micro", "full-stack"},
                    description = "the target's classification (suite.json); null when its run has none")
            String classification,

            @Schema(description = "throughput at each measured concurrency of the same run, fewest connections first")
            List<AtConcurrency> throughputByConnections,

            @Schema(
                    description = "why this row is not ranked (flagged=exclude): high-error-rate (its throughput"
                            + " counts failed requests), revoked-agent (measured by an agent revoked since); empty"
                            + " when it is ranked")
            @With
            List<String> excludedBy,

            @Schema(
                    description = "true when the agent that measured this row (or a run its figure is pooled over)"
                            + " has been revoked since; revoked=exclude leaves such runs out")
            boolean agentRevoked,

            @Schema(
                    description = "single (one instance on the board's vCPUs) or nginx-N (N instances behind nginx,"
                            + " their vCPUs adding up to the board's): a scale-out target is a row of its own",
                    pattern = "^(single|nginx-[1-9][0-9]?)$")
            String topology,

            @Schema(
                    description = "how many JVM starts the shown figure and its interval rest on: 1, the interval"
                            + " describes one start; 2 or more, it counts the variance between starts (on the"
                            + " segment basis, the starts of every run pooled: the interval is then over the runs'"
                            + " figures, with their run-to-run spread in it)")
            int forks,

            @Schema(
                    description = "true when the throughput figure is a lower bound of the target's own (a flag of kind"
                            + " lower-bound: generator-saturated, above-baseline, shares-generator-cpus,"
                            + " warmup-not-stable, host-interference): it ranks as at least its value")
            boolean atLeast,

            @Schema(
                    nullable = true,
                    description = "the target's time to 95% of its steady state in this scenario, in seconds"
                            + " (methodology, \"Time to peak\"): the shown cell's, else that of its run's cell that"
                            + " warmed up in full; null when its run kept no full warm-up")
            Double timeToPeakSeconds,

            @Schema(
                    nullable = true,
                    description = "JVM cells: allocation and GC of the shown cell over its repeats (payload v2); null"
                            + " without them. The CSV carries its allocation per request (with its interval) and"
                            + " gcCpuShare")
            GcStats gc,

            @Schema(description = CellView.FIGURES_DESCRIPTION + "; the shown cell's, as the CSV carries them")
            Map<String, Estimate> figures,

            @JsonIgnore @Schema(hidden = true) Evidence evidence) {

        /** The figure the row is ranked by on a throughput board: its SLA throughput, else its best. */
        public double rankedThroughput() {
            return slaThroughput != null ? slaThroughput : bestThroughput;
        }

        /** What a page shows of the row: the figure it is ranked by, with the row's interval and JVM starts. */
        public Throughput shown() {
            return new Throughput(rankedThroughput(), ciLow, ciHigh, forks);
        }
    }

    /** One cell of a row's sweep: its concurrency, trimmed mean of requests/s with its interval, and its error rate. */
    @Schema(name = "LeaderboardConcurrency")
    public record AtConcurrency(
            int connections,
            @Schema(nullable = true) Double targetRate,
            @JsonUnwrapped Throughput shown,
            @Schema(nullable = true) Double errorRate,
            List<String> flags) {}

    /** The CSV's header before snake_case: the names of LeaderboardColumns, in order. */
    static final List<String> CSV_HEADER = LeaderboardColumns.TABLE.names();

    /** The rows as CSV, one column per LeaderboardColumns description. */
    public String csv() {
        return LeaderboardColumns.TABLE.csv(
                rows.stream().map(r -> new LeaderboardColumns.OnBoard(this, r)).toList());
    }
}
