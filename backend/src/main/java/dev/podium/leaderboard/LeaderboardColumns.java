package dev.podium.leaderboard;

import dev.podium.columns.Column;
import dev.podium.columns.FigureTables;
import dev.podium.columns.Table;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * The leaderboard's columns, described once: its CSV (header and rows) and GET /api/columns/leaderboard, from which
 * the site builds its download, come from this list. The order is the site's (the figures a reader compares first,
 * the run's identity and the board's own settings after them), then the columns added last (time to peak, the row's
 * declared figures with an interval (figure.Figure: allocation, ...), its GC share).
 */
@ApplicationScoped
public class LeaderboardColumns implements Table.Source {

    /** A row with the board it is on (the board's settings are columns too). */
    public record OnBoard(LeaderboardResponse board, LeaderboardResponse.Row row) {}

    static final Table<OnBoard> TABLE = Table.of(
            "leaderboard",
            List.of(
                    row(
                            "rank",
                            "Rank",
                            null,
                            "the best rank the row can have (1 + the rows decided faster); empty: not ranked"
                                    + " (excluded_by says why)",
                            r -> r.place().rank()),
                    row(
                            "rankHigh",
                            "Rank (worst)",
                            null,
                            "the worst rank the row can have (N - the rows decided slower): its rank range is rank to"
                                    + " rank_high",
                            r -> r.place().rankHigh()),
                    row(
                            "tied",
                            "Tied",
                            null,
                            "true when the rank is a range: some row cannot be told apart from it",
                            r -> r.place().tied()),
                    row("framework", "Framework", null, "the target's framework", r -> r.framework()),
                    row("frameworkVersion", "Version", null, "the framework's version", r -> r.frameworkVersion()),
                    row("ioModel", "I/O model", null, "blocking, non-blocking or virtual-threads", r -> r.ioModel()),
                    row(
                            "slaThroughput",
                            "SLA throughput",
                            "req/s",
                            "the highest trimmed mean whose p90 is under the SLA with under 1% errors",
                            r -> r.slaThroughput()),
                    row(
                            "slaConnections",
                            "SLA connections",
                            "connections",
                            "the concurrency of the SLA throughput",
                            r -> r.slaConnections()),
                    row("slaCellId", "SLA cell", null, "the cell of the SLA throughput", r -> r.slaCellId()),
                    row(
                            "bestThroughput",
                            "Best throughput",
                            "req/s",
                            "the highest trimmed mean at any concurrency",
                            r -> r.bestThroughput()),
                    row(
                            "bestConnections",
                            "Best connections",
                            "connections",
                            "the concurrency of the best throughput",
                            r -> r.bestConnections()),
                    row("bestCellId", "Best cell", null, "the cell of the best throughput", r -> r.bestCellId()),
                    row(
                            "ciLow",
                            "95% CI low",
                            "req/s",
                            "the 95% interval of the ranked throughput, low end",
                            r -> r.ciLow()),
                    row(
                            "ciHigh",
                            "95% CI high",
                            "req/s",
                            "the 95% interval of the ranked throughput, high end",
                            r -> r.ciHigh()),
                    row("p90Ms", "p90", "ms", "90th percentile latency at the SLA cell", r -> r.p90Ms()),
                    row("p99Ms", "p99", "ms", "99th percentile latency at the SLA cell", r -> r.p99Ms()),
                    row(
                            "throughputPerVcpu",
                            "Per vCPU",
                            "req/s",
                            "the ranked throughput over the board's vCPUs",
                            r -> r.throughputPerVcpu()),
                    row(
                            "baselineShare",
                            "Of baseline",
                            "fraction",
                            "the ranked throughput over the nginx baseline's best",
                            r -> r.baselineShare()),
                    row("errorRate", "Errors", "fraction", "failed requests over all requests", r -> r.errorRate()),
                    row("flags", "Flags", null, "the row's quality flags", r -> r.flags()),
                    row(
                            "repeatCount",
                            "Repeats",
                            null,
                            "repeats behind the figure and its interval",
                            r -> r.repeatCount()),
                    row("noisy", "Noisy", null, "repeat-to-repeat variation of requests/s above 5%", r -> r.noisy())),
            Column.<OnBoard>estimate(
                    "requestsPerCpuSecond",
                    "CPU efficiency",
                    "req/CPU-s",
                    "requests per CPU-second",
                    " (payload v2 runs)",
                    "rows[].requestsPerCpuSecond",
                    b -> b.row().requestsPerCpuSecond()),
            Column.<OnBoard>estimate(
                    "rssMbPerKrps",
                    "Memory",
                    "MB per 1,000 req/s",
                    "mean resident memory per 1,000 req/s",
                    " (payload v2 runs)",
                    "rows[].rssMbPerKrps",
                    b -> b.row().rssMbPerKrps()),
            List.of(
                    row(
                            "rankedBy",
                            "Ranked by",
                            null,
                            "throughput, cpu or memory: the figure the row was ranked by; empty when not ranked",
                            r -> r.rankedBy()),
                    row(
                            "excludedBy",
                            "Excluded by",
                            null,
                            "why the row is not ranked (high-error-rate, revoked-agent)",
                            r -> r.excludedBy()),
                    row(
                            "classification",
                            "Classification",
                            null,
                            "bare-server, micro or full-stack (suite.json)",
                            r -> r.classification()),
                    new Column<>(
                            "throughputByConnections",
                            "Sweep",
                            "connections:req/s",
                            "throughput at each measured concurrency of the run, fewest connections first",
                            "rows[].throughputByConnections[].connections:throughput",
                            b -> b.row().throughputByConnections().stream()
                                    .map(a -> a.connections() + ":" + a.shown().throughput())
                                    .toList()),
                    row("forks", "Forks", null, "JVM starts the figure and its interval rest on", r -> r.forks()),
                    row("jvmVendor", "JVM vendor", null, "the JVM's vendor", r -> r.jvmVendor()),
                    row("jvmVersion", "JVM version", null, "the JVM's version", r -> r.jvmVersion()),
                    row("runId", "Run", null, "the run the figures come from", r -> r.runId()),
                    row("startedAt", "Started", null, "when the run started (RFC 3339)", r -> r.startedAt()),
                    board("hostClass", "Host class", null, "the board's host class", b -> b.hostClass()),
                    board("vcpus", "vCPUs", null, "the board's vCPU count", b -> b.vcpus()),
                    board("scenario", "Scenario", null, "the board's scenario", b -> b.scenario()),
                    board("loadModel", "Load model", null, "closed or open", b -> b.loadModel()),
                    board("sla", "SLA", "ms", "the p90 latency limit of the SLA throughput", b -> b.sla()),
                    row(
                            "agentRevoked",
                            "Agent revoked",
                            null,
                            "true when an agent behind the figure has been revoked since",
                            r -> r.agentRevoked()),
                    row(
                            "topology",
                            "Topology",
                            null,
                            "single or nginx-N (N instances behind nginx)",
                            r -> r.topology()),
                    row(
                            "atLeast",
                            "At least",
                            null,
                            "true when the figure is a lower bound of the target's own",
                            r -> r.atLeast()),
                    row(
                            "timeToPeakSeconds",
                            "Time to peak",
                            "s",
                            "seconds from the start of warm-up to the first window or repeat at 95% of the steady"
                                    + " state (methodology, \"Time to peak\"); empty when unknown",
                            r -> r.timeToPeakSeconds())),
            FigureTables.<OnBoard>estimates("rows[].", b -> b.row().figures()),
            List.of(new Column<>(
                    "gcCpuShare",
                    "GC CPU",
                    "fraction",
                    "the GC threads' CPU over the target's at the row's cell, mean per repeat (JVM rows of payload v2"
                            + " runs)",
                    "rows[].gc.gcCpuShare",
                    b -> b.row().gc() == null ? null : b.row().gc().gcCpuShare())));

    @Override
    public Table<?> table() {
        return TABLE;
    }

    private static Column<OnBoard> row(
            String name,
            String label,
            String unit,
            String description,
            java.util.function.Function<LeaderboardResponse.Row, Object> value) {
        return Column.of(name, label, unit, description, b -> value.apply(b.row()));
    }

    private static Column<OnBoard> board(
            String name,
            String label,
            String unit,
            String description,
            java.util.function.Function<LeaderboardResponse, Object> value) {
        return new Column<>(name, label, unit, description, name, b -> value.apply(b.board()));
    }
}
