package dev.podium.history;

import dev.podium.columns.Column;
import dev.podium.columns.Table;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.function.Function;

/**
 * The history as a table, described once: one line per point with its series' fields, the answer's scenario and load
 * model on each. The CSV of GET /api/history (header and rows) and GET /api/columns/history, from which the site builds
 * its download, come from this list.
 */
@ApplicationScoped
public class HistoryColumns implements Table.Source {

    /** A point of a series of an answer: one line. */
    record Line(HistoryResource.HistoryResponse answer, HistoryResource.Series series, HistoryResource.Point point) {}

    static final Table<Line> TABLE = new Table<>(
            "history",
            List.of(
                    series("hostClass", "Host class", "the series' host class", HistoryResource.Series::hostClass),
                    series("vcpus", "vCPUs", "the series' vCPU count", HistoryResource.Series::vcpus),
                    series("framework", "Framework", "the target's framework", HistoryResource.Series::framework),
                    series("ioModel", "I/O model", "the target's I/O model", HistoryResource.Series::ioModel),
                    point("runId", "Run", null, "the run of the point", HistoryResource.Point::runId),
                    point(
                            "startedAt",
                            "Started",
                            null,
                            "when the run started (RFC 3339)",
                            HistoryResource.Point::startedAt),
                    point("cellId", "Cell", null, "the run's best cell in the series", HistoryResource.Point::cellId),
                    point(
                            "throughput",
                            "Throughput",
                            "req/s",
                            "the cell's trimmed mean",
                            p -> p.shown().throughput()),
                    point(
                            "ciLow",
                            "95% CI low",
                            "req/s",
                            "the 95% interval, low end",
                            p -> p.shown().ciLow()),
                    point(
                            "ciHigh",
                            "95% CI high",
                            "req/s",
                            "the 95% interval, high end",
                            p -> p.shown().ciHigh()),
                    point(
                            "connections",
                            "Connections",
                            "connections",
                            "the cell's concurrency",
                            HistoryResource.Point::connections),
                    point(
                            "frameworkVersion",
                            "Version",
                            null,
                            "the framework's version",
                            HistoryResource.Point::frameworkVersion),
                    point("jvmVendor", "JVM vendor", null, "the run's JVM vendor", HistoryResource.Point::jvmVendor),
                    point(
                            "jvmVersion",
                            "JVM version",
                            null,
                            "the run's JVM version",
                            HistoryResource.Point::jvmVersion),
                    point(
                            "regression",
                            "Regression",
                            null,
                            "true on a latest point found a regression",
                            HistoryResource.Point::regression),
                    point(
                            "regressionDetail",
                            "Regression detail",
                            null,
                            "on the latest point: the comparison in words",
                            HistoryResource.Point::regressionDetail),
                    answer("scenario", "Scenario", "the scenario asked for", HistoryResource.HistoryResponse::scenario),
                    answer("loadModel", "Load model", "closed or open", HistoryResource.HistoryResponse::loadModel),
                    point(
                            "flags",
                            "Flags",
                            null,
                            "the quality flags of the point's cell",
                            HistoryResource.Point::flags),
                    point(
                            "forks",
                            "JVM starts",
                            null,
                            "the JVM starts the point's interval rests on",
                            p -> p.shown().forks())));

    @Override
    public Table<?> table() {
        return TABLE;
    }

    /** The lines of an answer: its series in order, each one's points in order. */
    static List<Line> lines(HistoryResource.HistoryResponse answer) {
        return answer.series().stream()
                .flatMap(s -> s.points().stream().map(p -> new Line(answer, s, p)))
                .toList();
    }

    private static Column<Line> point(
            String name, String label, String unit, String description, Function<HistoryResource.Point, Object> value) {
        return new Column<>(name, label, unit, description, "series[].points[]." + name, l -> value.apply(l.point()));
    }

    private static Column<Line> series(
            String name, String label, String description, Function<HistoryResource.Series, Object> value) {
        return new Column<>(name, label, null, description, "series[]." + name, l -> value.apply(l.series()));
    }

    private static Column<Line> answer(
            String name, String label, String description, Function<HistoryResource.HistoryResponse, Object> value) {
        return new Column<>(name, label, null, description, name, l -> value.apply(l.answer()));
    }
}
