package dev.podium.changes;

import java.time.OffsetDateTime;
import java.util.Map;
import java.util.UUID;

/** One stored change point as the API, the feed and the webhooks show it. */
public record ChangeView(
        long id,
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
        double effectPercent,
        double pValue,
        Map<String, Change> changed,
        OffsetDateTime detectedAt,

        @org.eclipse.microprofile.openapi.annotations.media.Schema(
                description = "the series' topology: single, or nginx-N (N instances behind nginx)")
        String topology) {

    /** A segment's mean (of its runs' pooled repeats) with its 95% interval. */
    public record Segment(double mean, double ciLow, double ciHigh) {}

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
