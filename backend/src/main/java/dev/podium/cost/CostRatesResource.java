package dev.podium.cost;

import dev.podium.read.Answers;
import dev.podium.read.CellEndpoint;
import dev.podium.read.CellFilter;
import dev.podium.read.CellQueries;
import dev.podium.read.QueryParams;
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
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * GET /api/cost/rates: the offered rates of the fixed-rate cost cells (methodology section 4, "Cost at a fixed load")
 * measured on a host class and vCPU count, the rungs a "cost at N req/s" ranking can be read at. The ranking itself is
 * the leaderboard of those cells: {@code /api/leaderboard?scenario=plaintext&loadModel=open&targetRate=N&rank=cpu} (and
 * its CSV), ranked by CPU per request, a cell that did not hold its rate (rate-not-held) unranked.
 */
@Path("/api/cost/rates")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "leaderboard")
public class CostRatesResource extends CellEndpoint {

    @Inject
    CostRatesResource(CellQueries queries, Answers answers) {
        super(queries, answers);
    }

    /** The rates measured, and where. */
    public record CostRates(
            String scenario,

            @Schema(nullable = true, description = "the framework asked for: only its cost cells count; null: all")
            String framework,

            @Schema(
                    enumeration = {"default", "aot-cache"},
                    description = "the JVM mode of the cost cells counted (default unless asked for)")
            String jvmMode,

            @Schema(nullable = true, description = "the host class asked for, else the newest one with cost cells")
            String hostClass,

            @Schema(
                    nullable = true,
                    description = "the vCPUs asked for, else the fewest measured (the ladder is for 1)")
            Integer vcpus,

            @Schema(description = "host classes with cost cells at the scenario")
            List<String> hostClasses,

            @Schema(description = "vCPU counts with cost cells at the scenario on the host class")
            List<Integer> vcpusAvailable,

            @Schema(description = "each offered rate measured, lowest first")
            List<Rate> rates) {}

    /** One offered rate: how many targets and runs measured it, and how many of its cells did not hold it. */
    @Schema(name = "CostRate")
    public record Rate(
            @Schema(description = "the offered rate, requests/s (the cells' targetRate)")
            double offeredRate,

            @Schema(description = "targets (framework and I/O model, baseline included) measured at it")
            int targets,

            int runs,

            @Schema(description = "cells at this rate flagged rate-not-held (below 98% of it)")
            int notHeld) {}

    @GET
    @Operation(
            summary = "The offered rates of the cost cells",
            description = "The rungs of the fixed-rate cost ladder measured on a host class and vCPU count (defaults:"
                    + " the newest host class with cost cells, its fewest vCPUs). Read the ranking at one of them from"
                    + " /api/leaderboard?scenario=...&loadModel=open&targetRate=N&rank=cpu.")
    @APIResponseSchema(CostRates.class)
    @APIResponse(responseCode = "400", description = "A parameter is not valid (the problem names it)")
    // the cost cells' own defaults (the filters are read's CellFilter, declared there once); the others do not apply
    @Parameter(name = "scenario", in = ParameterIn.QUERY, description = "the cost cells' scenario (default plaintext)")
    @Parameter(
            name = "hostClass",
            in = ParameterIn.QUERY,
            description = "host class (default: the newest with cost cells)")
    @Parameter(name = "vcpus", in = ParameterIn.QUERY, description = "vCPUs (default: the fewest measured)")
    @Parameter(
            name = "framework",
            in = ParameterIn.QUERY,
            description = "only this framework's cost cells (its name, as on the board): the host classes, vCPUs and"
                    + " rates where it was measured at a fixed load")
    @Parameter(
            name = "jvmMode",
            in = ParameterIn.QUERY,
            description = "JVM mode: default (the default) or aot-cache; the rates of that mode's cells")
    @Parameter(name = "ioModel", in = ParameterIn.QUERY, hidden = true)
    @Parameter(name = "loadModel", in = ParameterIn.QUERY, hidden = true)
    @Parameter(name = "connections", in = ParameterIn.QUERY, hidden = true)
    @Parameter(name = "targetRate", in = ParameterIn.QUERY, hidden = true)
    @Parameter(name = "jvmVendor", in = ParameterIn.QUERY, hidden = true)
    @Parameter(name = "jvmMajor", in = ParameterIn.QUERY, hidden = true)
    @Parameter(name = "from", in = ParameterIn.QUERY, hidden = true)
    @Parameter(name = "to", in = ParameterIn.QUERY, hidden = true)
    @Parameter(name = "classification", in = ParameterIn.QUERY, hidden = true)
    public Uni<Response> rates(@Context UriInfo uri, @Context ResourceInfo endpoint, @BeanParam CellFilter cells) {
        QueryParams.of(uri, endpoint);
        String scenario = cells.scenario();
        String s = scenario == null ? "plaintext" : scenario;
        String h = cells.hostClass();
        Integer k = cells.vcpus();
        String f = cells.framework();
        String mode = cells.jvmMode();
        return answers.json(
                "cost-rates|" + s + "|" + h + "|" + k + "|" + f + "|" + mode, () -> compute(s, h, k, f, mode));
    }

    CostRates compute(String scenario, String hostClassAsked, Integer vcpusAsked, String framework, String jvmMode) {
        CellQueries.Where cost = costCells(scenario, framework, jvmMode);
        List<String> hostClasses = queries.distinct("r.host_class", cost, rs -> rs.getString(1));
        String hostClass = hostClassAsked;
        if (hostClass == null) {
            List<String> newest = queries.select(
                    "r.host_class",
                    cost,
                    "order by r.started_at desc, r.received_at desc limit 1",
                    rs -> rs.getString(1));
            hostClass = newest.isEmpty() ? null : newest.get(0);
        }
        if (hostClass == null) {
            return new CostRates(scenario, framework, jvmMode, null, vcpusAsked, hostClasses, List.of(), List.of());
        }
        CellQueries.Where onHost = costCells(scenario, framework, jvmMode).and("r.host_class = ?", hostClass);
        List<Integer> vcpusAvailable = queries.distinct("c.vcpus", onHost, rs -> rs.getInt(1));
        Integer vcpus = vcpusAsked != null ? vcpusAsked : vcpusAvailable.isEmpty() ? null : vcpusAvailable.get(0);
        List<Rate> rates = vcpus == null
                ? List.of()
                : queries.select(
                        "c.target_rate, count(distinct (c.framework, c.io_model, c.topology)) as targets,"
                                + " count(distinct c.run_id) as runs,"
                                + " count(*) filter (where 'rate-not-held' = any (c.flags)) as not_held",
                        costCells(scenario, framework, jvmMode)
                                .and("r.host_class = ?", hostClass)
                                .and("c.vcpus = ?", vcpus),
                        "group by c.target_rate order by c.target_rate",
                        rs -> new Rate(
                                rs.getDouble("target_rate"),
                                rs.getInt("targets"),
                                rs.getInt("runs"),
                                rs.getInt("not_held")));
        return new CostRates(scenario, framework, jvmMode, hostClass, vcpus, hostClasses, vcpusAvailable, rates);
    }

    /** The fixed-rate cost cells of the scenario and JVM mode, of the framework when one is given. */
    private static CellQueries.Where costCells(String scenario, String framework, String jvmMode) {
        return new CellQueries.Where()
                .andAlways("c.cost_ladder is not null")
                .and("c.scenario = ?", scenario)
                .and("c.framework = ?", framework)
                .and("c.jvm_mode = ?", jvmMode);
    }
}
