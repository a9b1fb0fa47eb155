package dev.podium.framework;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.podium.gc.GcStats;
import dev.podium.read.Throughput;
import dev.podium.stats.Estimate;
import dev.podium.verdict.RankRange;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** GET /api/frameworks/{slug} (read-api.md "Framework page"). */
public record FrameworkPage(
        String framework,
        String slug,

        @Schema(nullable = true, description = "bare-server, micro or full-stack, from suite.json")
        String classification,

        @Schema(nullable = true, description = "the suite version the notes and tuning come from")
        String suiteVersion,

        List<Target> targets,
        List<ScenarioFigures> scenarios) {

    /** One I/O model of the framework: one target of the suite. */
    @Schema(name = "FrameworkTarget")
    public record Target(
            @Schema(nullable = true) String name,
            String ioModel,

            @Schema(nullable = true, description = "the framework version of its most recent run")
            String version,

            @Schema(nullable = true) String classification,
            @Schema(nullable = true) String tuning,
            @Schema(nullable = true) String notes,

            @Schema(
                    nullable = true,
                    description =
                            "the target's directory in the repository at the suite" + " commit of its most recent run")
            String sourceUrl) {}

    /** The framework in one scenario, as the leaderboard of that scenario (default host class and vCPUs) ranks it. */
    @Schema(name = "FrameworkScenario")
    public record ScenarioFigures(
            String scenario,
            String loadModel,
            String hostClass,
            int vcpus,

            @Schema(description = "rows on that leaderboard")
            int ranked,

            List<Figure> rows,

            @Schema(description = "the other frameworks ranked just above and just below")
            List<Neighbour> nearest,

            List<HistorySeries> history,
            Badge badge) {}

    /** One I/O model's leaderboard row: the SLA throughput (else best throughput) with its 95% t interval. */
    @Schema(name = "FrameworkFigure")
    public record Figure(
            @JsonUnwrapped RankRange place,
            String ioModel,
            String frameworkVersion,
            UUID runId,
            OffsetDateTime startedAt,
            @JsonUnwrapped Throughput shown,
            @Schema(nullable = true) Integer repeatCount,
            int connections,
            @Schema(nullable = true) Double p99Ms,
            @Schema(nullable = true) Double errorRate,
            List<String> flags,
            @Schema(nullable = true) Estimate requestsPerCpuSecond,
            @Schema(nullable = true) Estimate rssMbPerKrps,

            @Schema(description = "the agent that measured it has been revoked since (the leaderboard's agentRevoked)")
            boolean agentRevoked,

            @Schema(nullable = true, description = "JVM cells: allocation and GC of the shown cell over its repeats")
            GcStats gc) {}

    /** A row of another framework next to this one on the leaderboard. */
    @Schema(name = "FrameworkNeighbour")
    public record Neighbour(
            @Schema(enumeration = {"above", "below"}) String position,

            @JsonUnwrapped RankRange place,
            String framework,
            String slug,
            String ioModel,
            @JsonUnwrapped Throughput shown) {}

    /** Throughput of the framework's best cell per run, oldest first (at most the 50 newest runs). */
    @Schema(name = "FrameworkHistorySeries")
    public record HistorySeries(String ioModel, List<HistoryPoint> points) {}

    @Schema(name = "FrameworkHistoryPoint")
    public record HistoryPoint(
            UUID runId,
            OffsetDateTime startedAt,
            @JsonUnwrapped Throughput shown,
            String frameworkVersion) {}

    /** Where the scenario's badge is and the Markdown that embeds it (paths relative to the service). */
    @Schema(name = "FrameworkBadge")
    public record Badge(String svg, String json, String markdown) {}
}
