package dev.podium.warmup;

import dev.podium.read.Answers;
import dev.podium.read.CellEndpoint;
import dev.podium.read.CellQueries;
import dev.podium.read.QueryParams;
import dev.podium.read.ReadProblems;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** GET /api/runs/{id}/warmup: the warm-up curve of each of a run's cells that kept one, with its time to peak. */
@Path("/api/runs/{id}/warmup")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "runs")
public class WarmupResource extends CellEndpoint {

    @Inject
    WarmupResource(CellQueries queries, Answers answers) {
        super(queries, answers);
    }

    /** A run's warm-up curves, in payload order, and the size of its raw output. */
    public record WarmupCurves(
            List<Curve> items,

            @Schema(
                    description = "bytes of GET /api/runs/{id}/raw (the cells' raw output, gzip); 0 when the run kept"
                            + " none")
            long rawOutputBytes) {}

    /** One cell's warm-up: which cell, its steady state, its time to peak and every window. */
    @Schema(name = "WarmupCurve")
    public record Curve(
            long cellId,
            int ordinal,
            String framework,
            String ioModel,
            String scenario,
            String loadModel,
            int connections,
            @Schema(nullable = true) Double targetRate,
            int vcpus,
            String topology,

            @Schema(nullable = true, description = "full or check (the payload's warmup); null when it did not say")
            String warmup,

            @Schema(
                    nullable = true,
                    description = "the steady state: the trimmed mean of the cell's repeats' requests/s")
            Double steadyRequestsPerSecond,

            @Schema(nullable = true, description = "seconds to 95% of the steady state (methodology, \"Time to peak\")")
            Double timeToPeakSeconds,

            @Schema(description = "every window of the warm-up, in the order measured")
            List<WarmupWindow> windows,

            @Schema(description = "the cell's JVM mode: default, or aot-cache (started from an AOT cache)")
            String jvmMode) {}

    private static final String COLUMNS = "c.id, c.ordinal, c.framework, c.io_model, c.scenario, c.load_model,"
            + " c.connections, c.target_rate, c.vcpus, c.topology, c.warmup, c.rps_trimmed_mean,"
            + " c.time_to_peak_seconds, c.warmup_windows::text as warmup_windows, c.jvm_mode";

    @GET
    @Operation(
            summary = "The warm-up curve of a run's cells",
            description = "Each cell that kept its warm-up windows (payload v2 warmupWindows), in payload order: the"
                    + " windows as measured, the steady state and the time to 95% of it. Empty for a run without.")
    @APIResponseSchema(WarmupCurves.class)
    @APIResponse(responseCode = "404", description = "No run with that id")
    public Uni<Response> curves(@Context UriInfo uri, @Context ResourceInfo endpoint, @PathParam("id") String id) {
        QueryParams.of(uri, endpoint); // no query parameter: an unknown one is 400
        UUID runId = runId(id);
        return answers.json("warmup" + runId, () -> compute(runId));
    }

    WarmupCurves compute(UUID runId) {
        List<Curve> curves = queries.select(
                COLUMNS,
                new CellQueries.Where().and("c.run_id = ?", runId).andAlways("c.warmup_windows is not null"),
                "order by c.ordinal",
                rs -> new Curve(
                        rs.getLong("id"),
                        rs.getInt("ordinal"),
                        rs.getString("framework"),
                        rs.getString("io_model"),
                        rs.getString("scenario"),
                        rs.getString("load_model"),
                        rs.getInt("connections"),
                        rs.getObject("target_rate", Double.class),
                        rs.getInt("vcpus"),
                        rs.getString("topology"),
                        rs.getString("warmup"),
                        rs.getObject("rps_trimmed_mean", Double.class),
                        rs.getObject("time_to_peak_seconds", Double.class),
                        WarmupWindows.parse(rs.getString("warmup_windows")),
                        rs.getString("jvm_mode")));
        if (curves.isEmpty() && !queries.runExists(runId)) {
            throw ReadProblems.notFound("id", "no run " + runId);
        }
        long raw = queries.select(
                        "coalesce(sum((select octet_length(o.gzip) from cell_raw_outputs o where o.cell_id = c.id)), 0)"
                                + " as bytes",
                        new CellQueries.Where().and("c.run_id = ?", runId),
                        "",
                        rs -> rs.getLong("bytes"))
                .getFirst();
        return new WarmupCurves(curves, raw);
    }
}
