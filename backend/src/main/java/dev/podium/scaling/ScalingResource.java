package dev.podium.scaling;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.podium.read.Answers;
import dev.podium.read.CellEndpoint;
import dev.podium.read.CellFilter;
import dev.podium.read.CellQueries;
import dev.podium.read.CellRow;
import dev.podium.read.QueryParams;
import dev.podium.read.ReadProblems;
import dev.podium.read.TargetKey;
import dev.podium.read.Throughput;
import dev.podium.topology.Topology;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
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

/** GET /api/scaling: throughput, per-vCPU throughput and scaling efficiency E(k) across vCPU counts. */
@Path("/api/scaling")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "leaderboard")
public class ScalingResource extends CellEndpoint {

    @Inject
    ScalingResource(CellQueries queries, Answers answers) {
        super(queries, answers);
    }

    @Schema(name = "ScalingPoint")
    public record Point(
            int vcpus,
            int connections,
            @JsonUnwrapped Throughput shown,
            double perVcpu,
            @Schema(nullable = true) Double perVcpuCiLow,
            @Schema(nullable = true) Double perVcpuCiHigh,

            @Schema(
                    nullable = true,
                    description = "E(k) = T(k) / (k x T(1)); null without a 1-vCPU point or with one vCPU count only")
            Double efficiency,

            UUID runId,

            @Schema(description = CellRow.POINT_FLAGS_DESCRIPTION)
            List<String> flags,

            @Schema(
                    nullable = true,
                    description = "scale-out series: this point's throughput / the same target's single-instance"
                            + " throughput at the same total vCPUs (N instances on k/N vCPUs each against one on k);"
                            + " null for the single series or without that point")
            Double vsSingle) {}

    @Schema(name = "ScalingSeries")
    public record Series(
            String framework,
            String ioModel,

            @Schema(
                    description = "single: the scale-up series (one instance, x = its vCPUs); nginx-N: a scale-out"
                            + " series (N instances behind nginx, x = their total vCPUs)",
                    pattern = "^(single|nginx-[1-9][0-9]?)$")
            String topology,

            List<Point> points) {}

    public record ScalingResponse(
            String scenario,
            @Schema(nullable = true) String cpuModel,
            @Schema(nullable = true) String hostClass,
            String loadModel,
            List<Series> series) {}

    @GET
    @Operation(
            summary = "Scaling across vCPU counts",
            description = "For each framework target, topology and vCPU count k, the"
                    + " cell of its most recent run on the host class at the best concurrency (or at `connections`):"
                    + " T(k), T(k)/k and E(k) = T(k) / (k x T(1)) (methodology section 4). The scale-up series"
                    + " (topology single, k = the instance's vCPUs) and each scale-out series (nginx-N, k = the N"
                    + " instances' total vCPUs) are separate series of the same target; a scale-out series' E(k) is"
                    + " against the single instance's T(1), and vsSingle compares it with the single instance at the"
                    + " same k.")
    @APIResponseSchema(ScalingResponse.class)
    @APIResponse(responseCode = "400", description = ReadProblems.BAD_QUERY_DESCRIPTION)
    @Parameter(name = "scenario", in = ParameterIn.QUERY, required = true, example = "plaintext")
    @Parameter(
            name = "hostClass",
            in = ParameterIn.QUERY,
            description = "default: the host class of the most recent run for the scenario")
    @Parameter(
            name = "connections",
            in = ParameterIn.QUERY,
            description = "default: the best concurrency at each vCPU count")
    @Parameter(name = "vcpus", in = ParameterIn.QUERY, hidden = true) // the x axis
    public Uni<Response> scaling(
            @Context UriInfo uri,
            @Context ResourceInfo endpoint,
            @BeanParam CellFilter filter,
            @Parameter(
                            description = "all (default): the scale-up series (single) and every scale-out series"
                                    + " (nginx-N) side by side; single or one nginx-N: that series only")
                    @QueryParam("topology")
                    String topology) {
        QueryParams q = QueryParams.of(uri, endpoint);
        CellFilter f = filter.require("scenario").loadModelOr("closed").check();
        String top = QueryParams.parseTopology("topology", topology, Topology.ALL, true);
        return answers.json("scaling" + q.normalised(), () -> compute(f, Topology.ALL.equals(top) ? null : top));
    }

    /** topology: null for every topology, each its own series. */
    ScalingResponse compute(CellFilter filter, String topology) {
        String scenario = filter.scenario();
        String loadModel = filter.loadModel();
        String hc = hostClassOrLatest(filter);
        if (hc == null) {
            return new ScalingResponse(scenario, null, null, loadModel, List.of());
        }
        List<CellRow> cells = queries.newestRunCells(
                filter.on(hc, null).where().andAlways("not c.baseline").and("c.topology = ?", topology), true);
        // target (framework, I/O model, topology) -> vcpus -> cells of the most recent run measuring that vCPU count
        Map<TargetKey, TreeMap<Integer, List<CellRow>>> byTarget = new TreeMap<>();
        for (CellRow c : cells) {
            keepNewestRun(
                    byTarget.computeIfAbsent(c.target(), k -> new TreeMap<>()),
                    c.cell().vcpus(),
                    c);
        }
        List<Series> series = new ArrayList<>();
        String cpuModel = cells.isEmpty() ? null : cells.get(0).cpuModel();
        // each target's best cell per vCPU count, the single-instance ones looked up by the scale-out series
        Map<TargetKey, Map<Integer, CellRow>> best = new LinkedHashMap<>();
        byTarget.forEach((target, byVcpus) -> {
            Map<Integer, CellRow> chosen = new LinkedHashMap<>();
            byVcpus.forEach((k, sweep) -> chosen.put(
                    k,
                    sweep.stream()
                            .max(Comparator.comparingDouble(CellRow::throughput))
                            .get()));
            best.put(target, chosen);
        });
        for (Map<Integer, CellRow> chosen : best.values()) {
            CellRow sample = chosen.values().iterator().next();
            boolean scaleOut = Topology.scaleOut(sample.cell().topology());
            // the scale-up series of the same target: a scale-out series is read against it
            Map<Integer, CellRow> single = scaleOut
                    ? best.getOrDefault(
                            new TargetKey(
                                    sample.cell().framework(), sample.cell().ioModel(), Topology.SINGLE),
                            Map.of())
                    : chosen;
            // E(k) is against one instance on one vCPU, for a scale-out series too
            CellRow one = single.get(1);
            int counts = scaleOut ? (one == null ? 0 : chosen.size() + 1) : chosen.size();
            List<Point> points = new ArrayList<>();
            CellRow any = null;
            for (Map.Entry<Integer, CellRow> e : chosen.entrySet()) {
                int k = e.getKey();
                CellRow c = e.getValue();
                any = c;
                Throughput shown = Throughput.of(c);
                points.add(new Point(
                        k,
                        c.cell().connections(),
                        shown,
                        shown.throughput() / k,
                        shown.ciLow() == null ? null : shown.ciLow() / k, // one repeat: no interval
                        shown.ciHigh() == null ? null : shown.ciHigh() / k,
                        efficiency(c.throughput(), k, one == null ? null : one.throughput(), counts),
                        c.runId(),
                        c.shownFlags(),
                        scaleOut ? vsSingle(c.throughput(), single.get(k)) : null));
            }
            series.add(new Series(
                    any.cell().framework(), any.cell().ioModel(), any.cell().topology(), points));
        }
        series.sort(Comparator.comparing(Series::framework)
                .thenComparing(Series::ioModel)
                .thenComparing(Series::topology, Topology.ORDER));
        return new ScalingResponse(scenario, cpuModel, hc, loadModel, series);
    }

    /** A scale-out point's throughput over the single instance's at the same total vCPUs; null without it. */
    static Double vsSingle(double throughput, CellRow single) {
        return single == null || single.throughput() == 0 ? null : throughput / single.throughput();
    }

    /**
     * E(k) = T(k) / (k x T(1)); null without T(1), when T(1) is 0, or when the series has one vCPU count only (a lone
     * 1-vCPU point is 100% by definition, which says nothing about scaling).
     */
    public static Double efficiency(double throughputAtK, int k, Double throughputAtOne, int vcpuCounts) {
        if (throughputAtOne == null || throughputAtOne == 0 || vcpuCounts < 2) {
            return null;
        }
        return throughputAtK / (k * throughputAtOne);
    }
}
