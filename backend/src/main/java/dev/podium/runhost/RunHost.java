package dev.podium.runhost;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * GET /api/runs/{id}/host: the host and settings a run was measured with, and per scenario how its cells were run: what
 * the line under a leaderboard names about the board's newest run, without the run's cells, figures or envelope.
 */
public record RunHost(
        UUID id,
        Instant startedAt,
        String hostClass,
        String cpuModel,
        int vcpus,

        @Schema(nullable = true, description = "the CPUs the targets were pinned to (cpuset list, e.g. 0-1)")
        String serverCpus,

        @Schema(nullable = true, description = "the CPUs the load generator was pinned to")
        String loadGeneratorCpus,

        @Schema(description = "the closed-loop load generator, e.g. wrk")
        String loadGenerator,

        @Schema(nullable = true, description = "the benchmark database of the run's db cells")
        Database database,

        @Schema(description = "per scenario the run measured, in the order first measured: its first target cell")
        List<Scenario> scenarios) {

    /** The benchmark database: its server and the CPUs it was pinned to. */
    @Schema(name = "RunHostDatabase")
    public record Database(
            String server, @Schema(nullable = true) String cpus) {}

    /** How a scenario's first cell that is no baseline was run: its vCPUs, repeats x length, and warm-up. */
    @Schema(name = "RunHostScenario")
    public record Scenario(
            String scenario,
            int vcpus,

            @Schema(description = "repeats stored for the cell")
            int repeats,

            double durationSeconds,
            @Schema(nullable = true) Double warmupSeconds) {}
}
