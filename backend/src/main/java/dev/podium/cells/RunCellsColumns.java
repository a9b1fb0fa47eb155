package dev.podium.cells;

import dev.podium.columns.Column;
import dev.podium.columns.FigureTables;
import dev.podium.columns.Table;
import dev.podium.companion.CpuSeconds;
import dev.podium.gc.GcStats;
import dev.podium.payload.DatabaseClient;
import dev.podium.read.CellView;
import dev.podium.read.CostLadder;
import dev.podium.stats.CellStats;
import dev.podium.stats.Estimate;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.function.Function;

/**
 * A run's cells as a table, described once: the CSV of GET /api/runs/{id}/cells (header and rows) and GET
 * /api/columns/cells, from which the site builds the run page's download, come from this list. The cell's own fields
 * first, its statistics, its start-up, then the columns added since (database client, CPU seconds, time to peak, the
 * declared figures with an interval (figure.Figure: allocation, ...), GC), the JVM starts, the JVM mode, a cost cell's
 * achieved rate and ladder, topology last.
 */
@ApplicationScoped
public class RunCellsColumns implements Table.Source {

    static final Table<CellView> TABLE = Table.of(
            "cells",
            List.of(
                    own("id", "Cell", null, "the cell's id", CellView::id),
                    own("ordinal", "Ordinal", null, "the cell's place in the payload, from 0", CellView::ordinal),
                    own("framework", "Framework", null, "the target's framework", CellView::framework),
                    own("frameworkVersion", "Version", null, "the framework's version", CellView::frameworkVersion),
                    own("ioModel", "I/O model", null, "blocking, non-blocking or virtual-threads", CellView::ioModel),
                    own("scenario", "Scenario", null, "the scenario measured", CellView::scenario),
                    own("loadModel", "Load model", null, "closed or open", CellView::loadModel),
                    own("connections", "Connections", "connections", "wrk's concurrency", CellView::connections),
                    own("targetRate", "Target rate", "req/s", "open loop: the offered rate", CellView::targetRate),
                    own("delayMs", "Delay", "ms", "delay scenario: the backend's delay", CellView::delayMs),
                    own("vcpus", "vCPUs", null, "vCPUs given to the target (all instances)", CellView::vcpus),
                    own("durationSeconds", "Duration", "s", "each repeat's length", CellView::durationSeconds),
                    own("warmupSeconds", "Warm-up", "s", "the warm-up before the repeats", CellView::warmupSeconds),
                    own("baseline", "Baseline", null, "true for the nginx baseline", CellView::baseline),
                    own("flags", "Flags", null, "the cell's quality flags", CellView::flags),
                    stat("repeatCount", "Repeats", null, "repeats measured", CellStats::repeatCount),
                    stat(
                            "rpsTrimmedMean",
                            "Trimmed mean",
                            "req/s",
                            "trimmed mean of the repeats",
                            CellStats::rpsTrimmedMean),
                    stat("rpsMedian", "Median", "req/s", "median of the repeats", CellStats::rpsMedian),
                    stat("rpsMean", "Mean", "req/s", "mean of the repeats", CellStats::rpsMean),
                    stat("rpsStddev", "Standard deviation", "req/s", "of the repeats", CellStats::rpsStddev),
                    stat("rpsCiLow", "95% CI low", "req/s", "t interval of the mean, low end", CellStats::rpsCiLow),
                    stat("rpsCiHigh", "95% CI high", "req/s", "t interval of the mean, high end", CellStats::rpsCiHigh),
                    stat("errorRate", "Errors", "fraction", "failed requests over all", CellStats::errorRate),
                    stat("p50Median", "p50", "ms", "median over the repeats of p50", CellStats::p50Median),
                    stat("p90Median", "p90", "ms", "median over the repeats of p90", CellStats::p90Median),
                    stat("p99Median", "p99", "ms", "median over the repeats of p99", CellStats::p99Median),
                    stat("overErrorLimit", "Over error limit", null, "errors above 1%", CellStats::overErrorLimit),
                    stat("rpsCv", "CV", "fraction", "repeat-to-repeat variation of requests/s", CellStats::rpsCv),
                    stat("noisy", "Noisy", null, "variation above 5%", CellStats::noisy)),
            estimate(
                    "requestsPerCpuSecond",
                    "CPU efficiency",
                    "req/CPU-s",
                    "requests per CPU-second",
                    s -> s.requestsPerCpuSecond()),
            estimate("rpsPerVcpu", "Per vCPU", "req/s", "requests/s per vCPU", CellStats::rpsPerVcpu),
            estimate(
                    "rssMbPerKrps",
                    "Memory",
                    "MB per 1,000 req/s",
                    "mean resident memory per 1,000 req/s",
                    s -> s.rssMbPerKrps()),
            List.of(
                    own("cpus", "CPUs", null, "the CPUs the target was pinned to", CellView::cpus),
                    nested(
                            "startupFirstResponseMs",
                            "startup.firstResponseMs",
                            "First response",
                            "ms",
                            "from the target's start to its first answer",
                            CellView::startup,
                            CellView.Startup::firstResponseMs),
                    nested(
                            "startupIdleRssBytes",
                            "startup.idleRssBytes",
                            "Idle memory",
                            "bytes",
                            "resident memory of the started target before load",
                            CellView::startup,
                            CellView.Startup::idleRssBytes),
                    nested(
                            "dbClient",
                            "database.client",
                            "DB client",
                            null,
                            "db scenarios: the database client",
                            CellView::database,
                            DatabaseClient::client),
                    nested(
                            "dbPool",
                            "database.pool",
                            "DB pool",
                            null,
                            "db scenarios: its pool",
                            CellView::database,
                            DatabaseClient::pool),
                    nested(
                            "targetCpuSeconds",
                            "cpuSeconds.target",
                            "Target CPU",
                            "s",
                            "over the repeats",
                            CellView::cpuSeconds,
                            CpuSeconds::target),
                    nested(
                            "databaseCpuSeconds",
                            "cpuSeconds.database",
                            "Database CPU",
                            "s",
                            "over the repeats",
                            CellView::cpuSeconds,
                            CpuSeconds::database),
                    nested(
                            "balancerCpuSeconds",
                            "cpuSeconds.balancer",
                            "Balancer CPU",
                            "s",
                            "over the repeats",
                            CellView::cpuSeconds,
                            CpuSeconds::balancer),
                    own(
                            "timeToPeakSeconds",
                            "Time to peak",
                            "s",
                            "from the start of warm-up to 95% of the steady state",
                            CellView::timeToPeakSeconds)),
            FigureTables.<CellView>estimates("items[].", CellView::figures),
            List.of(
                    gc("gcCount", "GC pauses", null, "garbage-collection pauses", GcStats::gcCount),
                    gc("gcSeconds", "GC time", "s", "time in those pauses", GcStats::gcSeconds),
                    gc("gcCpuShare", "GC CPU", "fraction", "GC threads' CPU over the target's", GcStats::gcCpuShare),
                    gc("gcPauseMaxMs", "Longest pause", "ms", "the longest GC pause", GcStats::gcPauseMaxMs),
                    stat("forks", "JVM starts", null, "the JVM starts the interval rests on", CellStats::forks),
                    stat(
                            "rpsForkCv",
                            "Spread of the starts",
                            "fraction",
                            "the starts' mean requests/s: standard deviation over mean (several starts)",
                            CellStats::rpsForkCv),
                    own("jvmMode", "JVM mode", null, "default or aot-cache", CellView::jvmMode),
                    own(
                            "jvmModeFlags",
                            "JVM mode flags",
                            null,
                            "the flags the mode added, joined by spaces",
                            c -> c.jvmModeFlags() == null ? null : String.join(" ", c.jvmModeFlags())),
                    nested(
                            "aotTrainingSeconds",
                            "aotTraining.seconds",
                            "AOT training",
                            "s",
                            "aot-cache cells: the training run that wrote the cache",
                            CellView::aotTraining,
                            CellView.AotTraining::seconds),
                    nested(
                            "aotCacheBytes",
                            "aotTraining.cacheBytes",
                            "AOT cache",
                            "bytes",
                            "aot-cache cells: the cache's size",
                            CellView::aotTraining,
                            CellView.AotTraining::cacheBytes),
                    own(
                            "achievedRate",
                            "Achieved rate",
                            "req/s",
                            "cost cells: the requests answered (timeouts excluded) over the time targetRate was offered",
                            CellView::achievedRate),
                    nested(
                            "costLadderRates",
                            "costLadder.rates",
                            "Cost ladder",
                            "req/s",
                            "cost cells: every offered rate of the run's ladder, joined by spaces",
                            CellView::costLadder,
                            CostLadder::rates),
                    nested(
                            "costLadderCapacity",
                            "costLadder.capacityRequestsPerSecond",
                            "Ladder capacity",
                            "req/s",
                            "cost cells: the host capacity the ladder was chosen under (empty: rates given by hand)",
                            CellView::costLadder,
                            CostLadder::capacityRequestsPerSecond),
                    nested(
                            "costLadderShare",
                            "costLadder.share",
                            "Ladder share",
                            "fraction",
                            "cost cells: the share of that capacity the top rate stays under",
                            CellView::costLadder,
                            CostLadder::share),
                    own("topology", "Topology", null, "single or nginx-N", CellView::topology)));

    @Override
    public Table<?> table() {
        return TABLE;
    }

    private static Column<CellView> own(
            String name, String label, String unit, String description, Function<CellView, Object> value) {
        return new Column<>(name, label, unit, description, "items[]." + name, value);
    }

    /** A column of one part of the cell (its start-up, database client, statistics, ...): null where it has none. */
    private static <P> Column<CellView> nested(
            String name,
            String field,
            String label,
            String unit,
            String description,
            Function<CellView, P> part,
            Function<P, Object> value) {
        return new Column<>(name, label, unit, description, "items[]." + field, c -> {
            P p = part.apply(c);
            return p == null ? null : value.apply(p);
        });
    }

    private static Column<CellView> stat(
            String name, String label, String unit, String description, Function<CellStats, Object> value) {
        return nested(name, "stats." + name, label, unit, description, CellView::stats, value);
    }

    private static List<Column<CellView>> estimate(
            String name, String label, String unit, String description, Function<CellStats, Estimate> value) {
        return Column.estimate(
                name,
                label,
                unit,
                description,
                "",
                "items[].stats." + name,
                c -> c.stats() == null ? null : value.apply(c.stats()));
    }

    private static Column<CellView> gc(
            String name, String label, String unit, String description, Function<GcStats, Object> value) {
        return nested(name, "gc." + name, label, unit, description + " (JVM cells)", CellView::gc, value);
    }
}
