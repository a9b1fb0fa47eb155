package dev.podium.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Arrays;
import java.util.List;

/** A cell as the read API shows it (schema/read-api.md); repeats are null, hence left out, where a shape omits them. */
public record CellView(long id, int ordinal, String framework, String frameworkVersion, String ioModel,
                       String scenario, String loadModel, int connections, Double targetRate, Integer delayMs,
                       int vcpus, double durationSeconds, Double warmupSeconds, boolean baseline, List<String> flags,
                       String cpus, Startup startup, Stats stats,
                       @JsonInclude(JsonInclude.Include.NON_NULL) List<RepeatView> repeats) {

    /**
     * Statistics derived at ingest; null until computed. rpsCiLow/rpsCiHigh: the 95% Student's t interval of the mean
     * (null with one repeat); the cost figures are null for a v1 cell (no usage).
     */
    public record Stats(Integer repeatCount, Double rpsTrimmedMean, Double rpsMedian, Double rpsMean, Double rpsStddev,
                        Double rpsCiLow, Double rpsCiHigh, Double errorRate, Double p50Median, Double p90Median,
                        Double p99Median, Boolean overErrorLimit, Double rpsCv, Boolean noisy,
                        Figure requestsPerCpuSecond, Figure rpsPerVcpu, Figure rssMbPerKrps) {
    }

    /** A cost figure: mean over the repeats that define it, its 95% t interval, and how many repeats. */
    public record Figure(double mean, Double ciLow, Double ciHigh, Integer repeats) {
        static Figure of(Double mean, Double ciLow, Double ciHigh, Integer repeats) {
            return mean == null ? null : new Figure(mean, ciLow, ciHigh, repeats);
        }
    }

    /** The start of the target that served the cell (payload v2). */
    public record Startup(double firstResponseMs, long idleRssBytes) {
    }

    /** One repeat as measured; usage is null for a v1 repeat. */
    public record RepeatView(long requests, double requestsPerSecond, Latency latencyMs, Errors errors, Usage usage) {
    }

    /** What the repeat cost (payload v2). */
    public record Usage(double wallSeconds, double targetCpuUserSeconds, double targetCpuSystemSeconds,
                        long targetRssMeanBytes, long targetRssPeakBytes, double generatorCpuSeconds, Integer samples) {
    }

    /** Latency percentiles in ms. */
    public record Latency(double p50, double p75, double p90, double p99, double p999, double max, double mean) {
    }

    /** Errors by kind. */
    public record Errors(long connect, long read, long write, long timeout, long status) {
    }

    /** The view of a cell, with its repeats when withRepeats (which must then be loaded). */
    public static CellView of(Cell c, boolean withRepeats) {
        Stats stats = c.repeatCount == null ? null : new Stats(c.repeatCount, c.rpsTrimmedMean, c.rpsMedian, c.rpsMean,
                c.rpsStddev, c.rpsCiLow, c.rpsCiHigh, c.errorRate, c.p50Median, c.p90Median, c.p99Median,
                c.overErrorLimit, c.rpsCv, c.noisy,
                Figure.of(c.reqPerCpuSecond, c.reqPerCpuSecondCiLow, c.reqPerCpuSecondCiHigh, c.reqPerCpuSecondRepeats),
                Figure.of(c.rpsPerVcpu, c.rpsPerVcpuCiLow, c.rpsPerVcpuCiHigh, c.rpsPerVcpuRepeats),
                Figure.of(c.rssMbPerKrps, c.rssMbPerKrpsCiLow, c.rssMbPerKrpsCiHigh, c.rssMbPerKrpsRepeats));
        List<RepeatView> repeats = withRepeats ? c.repeats.stream().map(CellView::repeat).toList() : null;
        return new CellView(c.id, c.ordinal, c.framework, c.frameworkVersion, c.ioModel, c.scenario, c.loadModel,
                c.connections, c.targetRate, c.delayMs, c.vcpus, c.durationSeconds, c.warmupSeconds, c.baseline,
                c.flags == null ? List.of() : Arrays.asList(c.flags), c.cpus,
                c.startupFirstResponseMs == null ? null : new Startup(c.startupFirstResponseMs, c.startupIdleRssBytes),
                stats, repeats);
    }

    private static RepeatView repeat(Repeat r) {
        return new RepeatView(r.requests, r.requestsPerSecond,
                new Latency(r.p50Ms, r.p75Ms, r.p90Ms, r.p99Ms, r.p999Ms, r.maxMs, r.meanMs),
                new Errors(r.errorsConnect, r.errorsRead, r.errorsWrite, r.errorsTimeout, r.errorsStatus),
                r.wallSeconds == null ? null : new Usage(r.wallSeconds, r.targetCpuUserSeconds, r.targetCpuSystemSeconds,
                        r.targetRssMeanBytes, r.targetRssPeakBytes, r.generatorCpuSeconds, r.usageSamples));
    }
}
