package dev.podium.changes;

import java.time.OffsetDateTime;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One stored change point as the API, the feed and the webhooks show it, with the evidence for it. */
public record ChangeView(
        long id,

        @Schema(
                description = "the series the change is on: throughput (requests/s), p99 (ms), cpu-per-request"
                        + " (microseconds of the target's CPU time per request, where the run recorded usage) or"
                        + " allocation-per-request (bytes the JVM allocated on its heap per request, where recorded)",
                enumeration = {"throughput", "p99", "cpu-per-request", "allocation-per-request"})
        String metric,

        String hostClass,
        int vcpus,
        String framework,
        String ioModel,
        String scenario,
        String loadModel,
        int connections,
        Double targetRate,
        UUID runBefore,
        UUID runAfter,
        OffsetDateTime at,
        int runsBefore,
        int runsAfter,
        Segment before,
        Segment after,

        @Schema(description = "(after.mean - before.mean) / before.mean x 100")
        double effectPercent,

        @Schema(
                description = "the standardised effect: (after.mean - before.mean) over the run-to-run standard"
                        + " deviation pooled over both segments (Cohen's d); null when it is undefined",
                nullable = true)
        Double effectSize,

        @Schema(description = "two-sided p of Student's t-test on the run figures of the two segments")
        double pValue,

        Map<String, Change> changed,
        OffsetDateTime detectedAt,

        @Schema(description = "the series' topology: single, or nginx-N (N instances behind nginx)")
        String topology,

        @Schema(description = "the series' JVM mode: default, or aot-cache (started from an AOT cache)")
        String jvmMode) {

    /**
     * A segment's mean of its run figures with its 95% t interval over the runs (a one-run segment: over that run's
     * repeats), and the run-to-run standard deviation of its figures (null for one run).
     */
    public record Segment(
            double mean,
            double ciLow,
            double ciHigh,

            @Schema(
                    description = "standard deviation of the segment's run figures; null for a one-run segment",
                    nullable = true)
            Double spread) {}

    /** A field of the runs that differs between the last run before and the first after. */
    public record Change(String before, String after) {}

    /** One line of words, e.g. "Netty plaintext closed 256 conn. 2 vCPU: throughput -15.0% (p = 1.2e-09)". */
    public String summary() {
        return String.format(
                java.util.Locale.ROOT,
                "%s (%s) %s %s %d conn. %d vCPU on %s: %s %+.1f%% (p = %.2g)",
                dev.podium.topology.Topology.label(framework, topology),
                ioModel,
                scenario,
                loadModel,
                connections,
                vcpus,
                hostClass,
                metric,
                effectPercent,
                pValue);
    }
}
