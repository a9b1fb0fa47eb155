package dev.podium.read;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.podium.companion.CpuSeconds;
import dev.podium.gc.GcStats;
import dev.podium.payload.DatabaseClient;
import dev.podium.payload.RepeatPayload;
import dev.podium.rounds.JvmStart;
import dev.podium.stats.CellStats;
import dev.podium.stats.Estimate;
import java.util.List;
import java.util.Map;
import lombok.With;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A cell as the read API shows it (schema/read-api.md), in a run and in a run's cells; repeats are null, hence left out,
 * where a shape omits them. cpus and startup are null for a v1 cell.
 */
public record CellView(
        long id,
        int ordinal,
        String framework,
        String frameworkVersion,
        String ioModel,
        String scenario,
        String loadModel,
        int connections,
        @Schema(nullable = true) Double targetRate,
        @Schema(nullable = true) Integer delayMs,
        int vcpus,
        double durationSeconds,
        @Schema(nullable = true) Double warmupSeconds,
        boolean baseline,
        List<String> flags,
        @Schema(nullable = true) String cpus,

        @Schema(
                description = "single (one instance) or nginx-N (N instances behind the run's balancer; vcpus is"
                        + " their total)",
                pattern = "^(single|nginx-[1-9][0-9]?)$")
        String topology,

        @Schema(nullable = true) Startup startup,
        @With @Schema(nullable = true) CellStats stats,

        @Schema(nullable = true) @JsonInclude(JsonInclude.Include.NON_NULL)
        List<RepeatView> repeats,

        @Schema(nullable = true, description = "db scenarios: the database client the target used and its pool")
        DatabaseClient database,

        @Schema(nullable = true, description = "CPU seconds over the cell's repeats; null for a v1 cell")
        CpuSeconds cpuSeconds,

        @Schema(
                nullable = true,
                description = "seconds from the first request of the cell's warm-up to the end of the first warm-up"
                        + " window or repeat at 95% of its steady state (methodology, \"Time to peak\"); null for"
                        + " open loop, a warm-up that was only a check, or a run without warm-up windows")
        Double timeToPeakSeconds,

        @Schema(nullable = true, description = "JVM cells: allocation and GC over the repeats; null without them")
        GcStats gc,

        @Schema(description = CellView.FIGURES_DESCRIPTION) Map<String, Estimate> figures,

        @Schema(
                description = "how the target's JVM was started: default, or aot-cache (from the AOT cache a training"
                        + " run wrote; methodology, \"JVM mode\")",
                enumeration = {"default", "aot-cache"})
        String jvmMode,

        @Schema(
                nullable = true,
                description = "the JVM flags the mode added, exactly as passed (aot-cache: the training run's"
                        + " -XX:AOTCacheOutput, then the measured starts' -XX:AOTCache); null in the default mode")
        List<String> jvmModeFlags,

        @Schema(nullable = true, description = "aot-cache cells: the training run that wrote the cache")
        AotTraining aotTraining,

        @Schema(
                nullable = true,
                description = "fixed-rate cost cells (methodology section 4, \"Cost at a fixed load\"): how the run"
                        + " chose its offered rates; targetRate is this cell's rung; null for any other cell")
        CostLadder costLadder,

        @Schema(
                nullable = true,
                description = "fixed-rate cost cells: the requests/s achieved, the requests the repeats answered"
                        + " (timeouts excluded) over the time the rate was offered; below 98% of targetRate the cell"
                        + " is flagged rate-not-held; null for any other cell")
        Double achievedRate,

        @Schema(
                nullable = true,
                description = "a cell measured in interleaved rounds: each of its JVM starts with its round, its"
                        + " position in the round, when it started and its own figure, in start order; left out for"
                        + " any other cell, and where a shape omits the repeats")
        @JsonInclude(JsonInclude.Include.NON_NULL)
        List<JvmStart> starts) {

    /** What a cell's (and a leaderboard row's) figures say (the OpenAPI's description). */
    public static final String FIGURES_DESCRIPTION = "the cell's per-repeat figures that have an interval, by name"
            + " (docs/architecture.md, \"Figures\"): each one's mean over the repeats that carry it, its 95% t"
            + " interval and how many repeats (an Estimate); a figure the cell lacks is left out";

    /**
     * An aot-cache cell's training run: seconds from its start to the cache written, the cache's size (null when none
     * was written), and why the cell's JVM ran without the cache (null when it used it; the cell is then flagged
     * aot-cache-not-used).
     */
    public record AotTraining(
            double seconds,
            @Schema(nullable = true) Long cacheBytes,
            @Schema(nullable = true) String problem) {

        /** The stored columns' training, null for a cell without one. */
        public static AotTraining stored(Double seconds, Long cacheBytes, String problem) {
            return seconds == null ? null : new AotTraining(seconds, cacheBytes, problem);
        }
    }

    /** The start of the target that served the cell (payload v2). */
    public record Startup(double firstResponseMs, long idleRssBytes) {}

    /** One repeat as measured; usage is null for a v1 repeat. */
    public record RepeatView(
            long requests,
            double requestsPerSecond,
            RepeatPayload.Latency latencyMs,
            RepeatPayload.Errors errors,
            @Schema(nullable = true) Usage usage,

            @Schema(description = "the JVM start (fork) of the cell that measured this repeat, from 0")
            int fork,

            @Schema(
                    nullable = true,
                    minimum = "0",
                    maximum = "1",
                    description = "the share of the machine's CPU time the hypervisor gave to others over the repeat"
                            + " (steal); null where the agent did not record it")
            Double stealShare,

            @Schema(
                    nullable = true,
                    minimum = "0",
                    maximum = "1",
                    description = "how busy the target kept its CPUs over the repeat: its CPU time over wall time x the"
                            + " cell's vcpus; null where the agent did not record it")
            Double targetCpuShare,

            @Schema(
                    nullable = true,
                    description = "tries of this repeat the agent measured and discarded before it because the host"
                            + " took more than 5% of the machine's CPU time during them; null: none (or not recorded)")
            Integer stealRetries,

            @Schema(
                    description = "the repeat's per-repeat figures by name, as measured (docs/architecture.md,"
                            + " \"Figures\"): every one the payload carried, the usage and steal fields above among"
                            + " them; a figure the repeat lacks is left out")
            Map<String, Double> figures) {}

    /** What the repeat cost (payload v2). */
    public record Usage(
            double wallSeconds,
            double targetCpuUserSeconds,
            double targetCpuSystemSeconds,
            long targetRssMeanBytes,
            long targetRssPeakBytes,
            double generatorCpuSeconds,
            @Schema(nullable = true) Integer samples,

            @Schema(nullable = true, description = "scale-out cells: the balancer's user CPU time over the repeat")
            Double balancerCpuUserSeconds,

            @Schema(nullable = true, description = "scale-out cells: the balancer's system CPU time over the repeat")
            Double balancerCpuSystemSeconds,

            @Schema(
                    nullable = true,
                    description = "db scenarios: the benchmark database's user CPU time over the repeat")
            Double databaseCpuUserSeconds,

            @Schema(
                    nullable = true,
                    description = "db scenarios: the benchmark database's system CPU time over the repeat")
            Double databaseCpuSystemSeconds,

            @Schema(nullable = true, description = "JVM cells: bytes allocated on the heap per request over the repeat")
            Double allocatedBytesPerRequest,

            @Schema(nullable = true, description = "JVM cells: garbage-collection pauses over the repeat")
            Long gcCount,

            @Schema(nullable = true, description = "JVM cells: time in those pauses, in seconds")
            Double gcSeconds,

            @Schema(
                    nullable = true,
                    description = "JVM cells: the GC threads' CPU time over the target's CPU time of the repeat; null"
                            + " also on a JDK before 22, which lacks the counter (the cell is flagged"
                            + " jdk-lacks-counters)")
            Double gcCpuShare,

            @Schema(nullable = true, description = "JVM cells: the longest GC pause of the repeat, in ms")
            Double gcPauseMaxMs) {}
}
