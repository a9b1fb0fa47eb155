package dev.podium.diff;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** GET /api/diff: what moved between two runs, and what differs about them (read-api.md "Diff of two runs"). */
public record RunDiff(
        RunRef a,
        RunRef b,

        @Schema(
                description = "the level of the moves: throughput moves are decided by the comparison engine over"
                        + " every shared cell as one family, at this false-discovery rate (methodology section 10);"
                        + " p99 moves by Welch's two-sided test at this level, over the cells' JVM starts where they"
                        + " have several, over their repeats where one")
        double alpha,

        @Schema(
                description =
                        "cells present in both runs (same target, scenario, load model, concurrency," + " vCPUs, rate)")
        int compared,

        @Schema(description = "cells only in a") int onlyInA,
        @Schema(description = "cells only in b") int onlyInB,

        @Schema(description = "cells that moved significantly, largest |effect| first")
        List<Moved> moved,

        @Schema(description = "run fields whose values differ, framework versions included")
        List<Difference> differences,

        @Schema(description = "false when the runs ran on different host classes: a move may be the host's")
        boolean sameHostClass) {

    /** A run as the diff names it. */
    @Schema(name = "DiffRun")
    public record RunRef(UUID runId, OffsetDateTime startedAt, String hostClass, String suiteCommit) {}

    /** One cell's move from a to b on one metric. */
    public record Moved(
            String metric,
            String framework,
            String ioModel,
            String scenario,
            String loadModel,
            int connections,
            int vcpus,
            @Schema(nullable = true) Double targetRate,
            long cellA,
            long cellB,

            @Schema(
                    description = "trimmed mean of a's repeats (req/s, or ms for p99); with several JVM starts the"
                            + " mean of each start's trimmed mean")
            double valueA,

            double valueB,
            @Schema(description = "(b - a) / a x 100") double effectPercent,
            double pValue,

            @Schema(description = "true when b is the better one (more req/s, lower p99)")
            boolean improved,

            @Schema(description = "how many JVM starts a's cell was measured over (1: one start)")
            int forksA,

            @Schema(description = "how many JVM starts b's cell was measured over")
            int forksB) {}

    /** A run field that differs: e.g. jvmVersion, suiteCommit, frameworkVersion:Netty. */
    public record Difference(
            String field,
            @Schema(nullable = true) String a,
            @Schema(nullable = true) String b) {}
}
