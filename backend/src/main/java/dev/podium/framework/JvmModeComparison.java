package dev.podium.framework;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A framework's figures in both JVM modes, side by side (GET /api/frameworks/{slug}/jvm-modes): for each cell shape
 * measured in the aot-cache mode, the most recent run that measured it, with that run's default-mode cell of the same
 * shape. Both cells come from one run: one host, one JDK, one time.
 */
public record JvmModeComparison(
        String framework,

        @Schema(description = "one row per cell shape (I/O model, scenario, concurrency, vCPUs, topology, host class)")
        List<Row> items) {

    /** One cell shape measured in both modes by one run. */
    @Schema(name = "JvmModeRow")
    public record Row(
            String ioModel,
            String scenario,
            String loadModel,
            int connections,
            int vcpus,
            String topology,
            String hostClass,
            UUID runId,
            OffsetDateTime startedAt,

            @Schema(description = "the default mode's cell of the run")
            Figures defaultMode,

            @Schema(description = "the aot-cache mode's cell of the run")
            Figures aotCache,

            @Schema(
                    nullable = true,
                    description = "aot-cache: the flags added (the training run's, then the measured starts')")
            List<String> jvmModeFlags,

            @Schema(nullable = true, description = "aot-cache: the training run that wrote the cache")
            dev.podium.read.CellView.AotTraining aotTraining) {}

    /**
     * What start-up and warm-up cost in one mode, and what it reaches: the first correct response and the idle memory
     * of its start, the time to 95% of its steady state, the steady throughput with its 95% interval; null where the
     * cell did not record the figure.
     */
    @Schema(name = "JvmModeFigures")
    public record Figures(
            long cellId,
            @Schema(nullable = true) Double firstResponseMs,
            @Schema(nullable = true) Long idleRssBytes,
            @Schema(nullable = true) Double timeToPeakSeconds,
            @Schema(nullable = true) Double throughput,
            @Schema(nullable = true) Double ciLow,
            @Schema(nullable = true) Double ciHigh,
            List<String> flags) {}
}
