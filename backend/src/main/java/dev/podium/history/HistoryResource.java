package dev.podium.history;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.podium.quality.QualityFlags;
import dev.podium.read.Answers;
import dev.podium.read.CellEndpoint;
import dev.podium.read.CellFilter;
import dev.podium.read.CellQueries;
import dev.podium.read.CellRow;
import dev.podium.read.Csv;
import dev.podium.read.QueryParams;
import dev.podium.read.ReadProblems;
import dev.podium.read.SeriesKey;
import dev.podium.read.Throughput;
import dev.podium.stats.RegressionCheck;
import dev.podium.version.FrameworkVersions;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * GET /api/history: a framework's throughput per run over time (or by framework version), with the regression check
 * on the latest run.
 */
@Path("/api/history")
@Tag(name = "leaderboard")
public class HistoryResource extends CellEndpoint {

    @Inject
    HistoryResource(CellQueries queries, Answers answers) {
        super(queries, answers);
    }

    static final Set<String> ORDERS = Set.of("date", "version");
    static final int DEFAULT_WINDOW = 5;
    /** Fewest previous runs a regression is claimed against; change points (/api/changes) are the fuller answer. */
    static final int MIN_PREVIOUS_RUNS = 5;

    @Schema(name = "HistoryPoint")
    public record Point(
            UUID runId,
            OffsetDateTime startedAt,
            long cellId,
            @JsonUnwrapped Throughput shown,
            int connections,
            String frameworkVersion,
            String jvmVendor,
            String jvmVersion,
            boolean regression,

            @Schema(nullable = true, description = "On the latest point: the comparison in words; null elsewhere")
            String regressionDetail,

            @Schema(description = CellRow.POINT_FLAGS_DESCRIPTION)
            List<String> flags) {}

    @Schema(name = "HistorySeries")
    public record Series(String hostClass, int vcpus, String framework, String ioModel, List<Point> points) {}

    public record HistoryResponse(
            String scenario,
            String loadModel,
            int window,

            @Schema(
                    description =
                            "date (oldest run first) or version (oldest framework release first, then oldest run)")
            String orderBy,

            List<Series> series) {

        /** One line per point, in the columns HistoryColumns describes. */
        String csv() {
            return HistoryColumns.TABLE.csv(HistoryColumns.lines(this));
        }
    }

    @GET
    @Produces({MediaType.APPLICATION_JSON, Csv.MEDIA_TYPE})
    @Operation(
            summary = "History of a framework target",
            description = "`scenario` and `framework` are required (400 without them; `loadModel` defaults to closed)."
                    + " One series per host class, vCPU count and"
                    + " target; one point per run (its best cell, or the cell at `connections`), oldest first. The latest point is"
                    + " a regression when its figure is more than 5% below the median of the previous `window` points' figures"
                    + " AND below their one-sided 95% prediction bound: the runs are the units (each run one figure, as on the"
                    + " board's segments), so the run-to-run spread is the noise it is judged against, not the repeats inside"
                    + " a run (Student's t over the previous figures, n - 1 degrees of freedom, one-sided p < 0.05). No"
                    + " regression is claimed against fewer than 5 previous points (the detail says so); change points are"
                    + " at /api/changes."
                    + " With `orderBy=version` the points are ordered by framework version as releases follow one another"
                    + " (12.1.10 after 12.1.9, 2.4.0.RC1 before 2.4.0.Final), runs of one version oldest first; the regression"
                    + " check still compares the newest run with the runs before it in time.")
    @APIResponseSchema(HistoryResponse.class)
    @APIResponse(responseCode = "400", description = ReadProblems.BAD_QUERY_DESCRIPTION)
    public Uni<Response> history(
            @Context UriInfo uri,
            @Context ResourceInfo endpoint,
            @Context HttpHeaders headers,
            @BeanParam CellFilter filter,
            @Parameter(description = "previous runs the latest is compared with (default 5, at most 100)")
                    @QueryParam("window")
                    String window,
            @Parameter(description = "date (default) or version: the points in framework-version order")
                    @QueryParam("orderBy")
                    String orderBy,
            @Parameter(
                            description =
                                    "exclude (default): no regression is claimed on a latest run whose cell carries"
                                            + " a quality flag; include: claimed as on any other")
                    @QueryParam("flagged")
                    String flagged,
            @QueryParam("format") String format) {
        QueryParams q = QueryParams.of(uri, endpoint);
        CellQueries.Where where =
                filter.require("scenario", "framework").loadModelOr("closed").where();
        inSeries(where, filter);
        String sc = filter.scenario;
        String lm = filter.loadModel;
        int w = QueryParams.parsePositiveInt("window", window, DEFAULT_WINDOW);
        if (w > 100) {
            throw ReadProblems.badParameter("window", "'window' must be at most 100");
        }
        String order = QueryParams.parseOneOf("orderBy", orderBy, ORDERS, "date");
        boolean includeFlagged =
                "include".equals(QueryParams.parseOneOf("flagged", flagged, QualityFlags.CHOICES, "exclude"));
        return answers.table(
                "history" + q.normalised(),
                QueryParams.parseCsv(format, headers),
                () -> compute(sc, lm, where, w, order, includeFlagged),
                HistoryResponse::csv);
    }

    /**
     * Restricts where to the cells of the series the filters name (V30's series_points): with a host class given only
     * its cells are read, where cells_lookup_idx (the run holds the host class, the index does not) reads every host
     * class's cells of the target.
     */
    static void inSeries(CellQueries.Where where, CellFilter f) {
        CellQueries.Where keys = f.seriesKeys();
        where.andAlways(
                "c.id in (select p.cell_id from series_points p join series_keys k on k.id = p.series_id" + keys.sql()
                        + ")",
                keys.values().toArray());
    }

    /** The same comparison, with no regression claimed, and why in place of ": regression" at its detail's end. */
    private static RegressionCheck.Result unclaimed(RegressionCheck.Result check, String why) {
        return new RegressionCheck.Result(
                false,
                check.median(),
                check.change(),
                check.prediction(),
                check.detail().replaceAll(": regression$", ": " + why));
    }

    HistoryResponse compute(
            String scenario,
            String loadModel,
            CellQueries.Where where,
            int window,
            String orderBy,
            boolean includeFlagged) {
        List<CellRow> cells = queries.cells(where.andAlways("not c.baseline")
                .andAlways("c.topology = ?", dev.podium.topology.Topology.SINGLE)); // a series is one topology
        // series key -> run -> that run's best cell in the series
        Map<SeriesKey, Map<UUID, CellRow>> bySeries = new TreeMap<>(SeriesKey.BY_HOST_TARGET);
        for (CellRow c : cells) {
            bySeries.computeIfAbsent(SeriesKey.of(c).anyConcurrency(), x -> new LinkedHashMap<>())
                    .merge(c.runId(), c, (a, b) -> b.throughput() > a.throughput() ? b : a);
        }
        List<List<CellRow>> ordered = new ArrayList<>();
        for (Map<UUID, CellRow> runs : bySeries.values()) {
            List<CellRow> points = new ArrayList<>(runs.values());
            points.sort((a, b) -> CellRow.newestFirst(b, a)); // oldest first
            ordered.add(points);
        }
        List<Series> series = new ArrayList<>();
        for (List<CellRow> points : ordered) {
            int last = points.size() - 1;
            RegressionCheck.Result check = null;
            if (last >= 1) {
                List<CellRow> previous = points.subList(Math.max(0, last - window), last);
                // each run one figure (its trimmed mean, or the mean of its starts' figures): the runs are the units
                double[] figures =
                        previous.stream().mapToDouble(CellRow::throughput).toArray();
                CellRow latest = points.get(last);
                check = RegressionCheck.check(latest.throughput(), figures);
                List<String> flaggedBy = QualityFlags.of(latest.shownFlags());
                if (check.regression()
                        && previous.size() < MIN_PREVIOUS_RUNS) { // one noisy run against one is no claim
                    check = unclaimed(check, "not claimed on fewer than " + MIN_PREVIOUS_RUNS + " previous runs");
                } else if (check.regression() && !includeFlagged && !flaggedBy.isEmpty()) { // not to be read alone
                    check = unclaimed(
                            check,
                            "not claimed: the latest run is flagged " + String.join(", ", flaggedBy)
                                    + " (flagged=include claims it)");
                }
            }
            List<Point> out = new ArrayList<>();
            for (int i = 0; i <= last; i++) {
                CellRow c = points.get(i);
                boolean isLatest = i == last && check != null;
                out.add(new Point(
                        c.runId(),
                        c.startedAt(),
                        c.id(),
                        Throughput.of(c),
                        c.cell().connections(),
                        c.cell().frameworkVersion(),
                        c.jvmVendor(),
                        c.jvmVersion(),
                        isLatest && check.regression(),
                        isLatest ? check.detail() : null,
                        c.shownFlags()));
            }
            if (orderBy.equals("version")) {
                out.sort(Comparator.comparing(
                        Point::frameworkVersion,
                        FrameworkVersions.ORDER)); // stable: a version's runs stay oldest first
            }
            CellRow first = points.get(0);
            series.add(new Series(
                    first.hostClass(),
                    first.cell().vcpus(),
                    first.cell().framework(),
                    first.cell().ioModel(),
                    out));
        }
        return new HistoryResponse(scenario, loadModel, window, orderBy, series);
    }
}
