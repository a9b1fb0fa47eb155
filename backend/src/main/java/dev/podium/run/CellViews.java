package dev.podium.run;

import dev.podium.companion.CpuSeconds;
import dev.podium.figure.Figure;
import dev.podium.figure.FigureValues;
import dev.podium.gc.GcStats;
import dev.podium.payload.DatabaseClient;
import dev.podium.payload.RepeatPayload;
import dev.podium.read.CellView;
import dev.podium.read.CostLadder;
import dev.podium.rounds.JvmStart;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** A stored cell entity as the read API shows it (read's {@link CellView}), in a run's detail. */
final class CellViews {

    private CellViews() {}

    /**
     * The view of a cell, with its repeats when withRepeats (which must then be loaded); costLadderJson: its stored
     * cost_ladder (COPY writes it, the entity does not map it), null for a cell without one; starts: its stored JVM
     * starts (cell_starts), null for a cell without them.
     */
    static CellView of(Cell c, boolean withRepeats, String costLadderJson, List<JvmStart> starts) {
        List<CellView.RepeatView> repeats =
                withRepeats ? c.repeats.stream().map(CellViews::repeat).toList() : null;
        return new CellView(
                c.id,
                c.ordinal,
                c.framework,
                c.frameworkVersion,
                c.ioModel,
                c.scenario,
                c.loadModel,
                c.connections,
                c.targetRate,
                c.delayMs,
                c.vcpus,
                c.durationSeconds,
                c.warmupSeconds,
                c.baseline,
                c.flags == null ? List.of() : Arrays.asList(c.flags),
                c.cpus,
                c.topology,
                c.startupFirstResponseMs == null
                        ? null
                        : new CellView.Startup(c.startupFirstResponseMs, c.startupIdleRssBytes),
                c.stats,
                repeats,
                DatabaseClient.stored(c.dbClient, c.dbPool),
                CpuSeconds.stored(c.targetCpuSeconds, c.databaseCpuSeconds, c.balancerCpuSeconds),
                c.timeToPeakSeconds,
                GcStats.of(c.figures),
                c.figures == null ? Map.of() : c.figures.estimates(),
                c.jvmMode,
                c.jvmModeFlags == null ? null : Arrays.asList(c.jvmModeFlags),
                CellView.AotTraining.stored(c.aotTrainingSeconds, c.aotCacheBytes, c.aotProblem),
                CostLadder.stored(costLadderJson),
                c.achievedRate,
                starts);
    }

    private static CellView.RepeatView repeat(Repeat r) {
        FigureValues f = r.figures;
        return new CellView.RepeatView(
                r.requests,
                r.requestsPerSecond,
                new RepeatPayload.Latency(r.p50Ms, r.p75Ms, r.p90Ms, r.p99Ms, r.p999Ms, r.maxMs, r.meanMs),
                new RepeatPayload.Errors(r.errorsConnect, r.errorsRead, r.errorsWrite, r.errorsTimeout, r.errorsStatus),
                r.wallSeconds == null
                        ? null
                        : new CellView.Usage(
                                r.wallSeconds,
                                r.targetCpuUserSeconds,
                                r.targetCpuSystemSeconds,
                                r.targetRssMeanBytes,
                                r.targetRssPeakBytes,
                                r.generatorCpuSeconds,
                                r.usageSamples,
                                r.balancerCpuUserSeconds,
                                r.balancerCpuSystemSeconds,
                                r.databaseCpuUserSeconds,
                                r.databaseCpuSystemSeconds,
                                f.get(Figure.ALLOCATED_BYTES_PER_REQUEST),
                                f.count(Figure.GC_COUNT),
                                f.get(Figure.GC_SECONDS),
                                f.get(Figure.GC_CPU_SHARE),
                                f.get(Figure.GC_PAUSE_MAX_MS)),
                r.fork,
                f.get(Figure.STEAL_SHARE),
                f.get(Figure.TARGET_CPU_SHARE),
                f.integer(Figure.STEAL_RETRIES),
                f.shown());
    }
}
