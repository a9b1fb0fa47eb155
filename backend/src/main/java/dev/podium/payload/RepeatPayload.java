package dev.podium.payload;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import java.util.Map;

/**
 * One repeat of a cell (results[].repeats[]). figures holds the declared figures (figure.Figure) the repeat carries
 * beside these components, by name; usage holds those measured from the target's usage.
 */
public record RepeatPayload(
        Integer fork,
        long requests,
        double requestsPerSecond,
        Latency latencyMs,
        Errors errors,
        Usage usage,
        @JsonAnySetter Map<String, Double> figures) {

    /** Latency percentiles in ms. */
    public record Latency(double p50, double p75, double p90, double p99, double p999, double max, double mean) {}

    /** Errors by kind. */
    public record Errors(long connect, long read, long write, long timeout, long status) {}

    /** The target's (and companions') CPU, memory and wall time over the repeat (required in v2). */
    public record Usage(
            double wallSeconds,
            double targetCpuUserSeconds,
            double targetCpuSystemSeconds,
            long targetRssMeanBytes,
            long targetRssPeakBytes,
            double generatorCpuSeconds,
            Integer samples,
            Double databaseCpuUserSeconds,
            Double databaseCpuSystemSeconds,
            Double balancerCpuUserSeconds,
            Double balancerCpuSystemSeconds,
            @JsonAnySetter Map<String, Double> figures) {}
}
