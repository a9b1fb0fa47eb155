package dev.podium.latency;

import dev.podium.read.Answers;
import dev.podium.read.CellEndpoint;
import dev.podium.read.CellFilter;
import dev.podium.read.CellQueries;
import dev.podium.read.CellRow;
import dev.podium.read.QueryParams;
import dev.podium.read.ReadProblems;
import dev.podium.read.TargetKey;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** GET /api/latency: median p50/p90/p99 latency against concurrency (or offered rate) per framework target. */
@Path("/api/latency")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "leaderboard")
public class LatencyResource extends CellEndpoint {

    @Inject
    LatencyResource(CellQueries queries, Answers answers) {
        super(queries, answers);
    }

    @Schema(name = "LatencyPoint")
    public record Point(
            int connections,
            @Schema(nullable = true) Double targetRate,
            @Schema(nullable = true) Double p50,
            @Schema(nullable = true) Double p90,
            @Schema(nullable = true) Double p99,
            double throughput,

            @Schema(description = CellRow.POINT_FLAGS_DESCRIPTION)
            List<String> flags,

            @Schema(
                    description = "how many JVM starts the point's cell was measured over: 1, its figures describe one"
                            + " start; 2 or more, they are pooled over the starts")
            int forks) {}

    @Schema(name = "LatencySeries")
    public record Series(String framework, String ioModel, UUID runId, List<Point> points) {}

    public record LatencyResponse(
            String scenario,
            @Schema(nullable = true) String hostClass,
            @Schema(nullable = true) Integer vcpus,
            String loadModel,
            List<Series> series) {}

    @GET
    @Operation(
            summary = "Latency against concurrency",
            description = "Each target's most recent matching run on the"
                    + " host class and vCPU count (defaults as in the leaderboard); points are cells ordered by connections, then"
                    + " target rate; latencies are medians across repeats, throughput the trimmed mean.")
    @APIResponseSchema(LatencyResponse.class)
    @APIResponse(responseCode = "400", description = ReadProblems.BAD_QUERY_DESCRIPTION)
    @Parameter(name = "scenario", in = ParameterIn.QUERY, required = true, example = "plaintext")
    @Parameter(name = "connections", in = ParameterIn.QUERY, hidden = true) // the x axis
    public Uni<Response> latency(@Context UriInfo uri, @Context ResourceInfo endpoint, @BeanParam CellFilter filter) {
        QueryParams q = QueryParams.of(uri, endpoint);
        CellFilter f = filter.require("scenario").loadModelOr("closed").check();
        return answers.json("latency" + q.normalised(), () -> compute(f));
    }

    /** Host class and vCPU count default as in the leaderboard: the most recent run's, its largest count. */
    LatencyResponse compute(CellFilter filter) {
        String scenario = filter.scenario();
        String loadModel = filter.loadModel();
        String hc = hostClassOrLatest(filter);
        if (hc == null) {
            return new LatencyResponse(scenario, null, filter.vcpus(), loadModel, List.of());
        }
        Integer k = filter.vcpus();
        if (k == null) {
            List<Integer> all = queries.distinctNewest(
                    "c.vcpus",
                    new CellQueries.Where()
                            .and("c.scenario = ?", scenario)
                            .and("c.load_model = ?", loadModel)
                            .and("r.host_class = ?", hc),
                    rs -> rs.getInt(1));
            k = all.isEmpty() ? null : all.get(all.size() - 1);
        }
        List<CellRow> cells = queries.newestRunCells(
                filter.on(hc, k)
                        .where()
                        .andAlways("not c.baseline")
                        .andAlways("c.topology = ?", dev.podium.topology.Topology.SINGLE), // single instances only
                false);
        Map<TargetKey, List<CellRow>> newest = new TreeMap<>();
        for (CellRow c : cells) {
            keepNewestRun(newest, TargetKey.of(c.cell().framework(), c.cell().ioModel()), c);
        }
        List<Series> series = new ArrayList<>();
        for (List<CellRow> sweep : newest.values()) {
            sweep.sort(CellRow.BY_LOAD);
            List<Point> points = sweep.stream()
                    .map(c -> new Point(
                            c.cell().connections(),
                            c.cell().targetRate(),
                            c.stats().p50Median(),
                            c.stats().p90Median(),
                            c.stats().p99Median(),
                            c.throughput(),
                            c.shownFlags(),
                            c.stats().forks()))
                    .toList();
            CellRow first = sweep.get(0);
            series.add(new Series(first.cell().framework(), first.cell().ioModel(), first.runId(), points));
        }
        return new LatencyResponse(scenario, hc, k, loadModel, series);
    }
}
