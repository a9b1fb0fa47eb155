package dev.podium.cells;

import dev.podium.read.Answers;
import dev.podium.read.CellEndpoint;
import dev.podium.read.CellQueries;
import dev.podium.read.CellRow;
import dev.podium.read.CellView;
import dev.podium.read.Csv;
import dev.podium.read.QueryParams;
import dev.podium.read.ReadProblems;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** GET /api/runs/{id}/cells: a run's cells with their statistics, without repeats (JSON or CSV). */
@Path("/api/runs/{id}/cells")
@Tag(name = "runs")
public class RunCellsResource extends CellEndpoint {

    @Inject
    RunCellsResource(CellQueries queries, Answers answers) {
        super(queries, answers);
    }

    public record CellsResponse(List<CellView> items) {

        /** One line per cell, in the columns RunCellsColumns describes. */
        String csv() {
            return RunCellsColumns.TABLE.csv(items);
        }
    }

    @GET
    @Produces({MediaType.APPLICATION_JSON, Csv.MEDIA_TYPE})
    @Operation(
            summary = "A run's cells with their statistics",
            description = "In payload order; `format=csv` or" + " `Accept: text/csv` for one CSV row per cell.")
    @APIResponseSchema(CellsResponse.class)
    @APIResponse(responseCode = "404", description = "No run with that id")
    public Uni<Response> cells(
            @Context UriInfo uri,
            @Context ResourceInfo endpoint,
            @Context HttpHeaders headers,
            @PathParam("id") String id,
            @QueryParam("format") String format) {
        QueryParams q = QueryParams.of(uri, endpoint);
        UUID runId = runId(id);
        return answers.table(
                "cells" + runId + q.normalised(),
                QueryParams.parseCsv(format, headers),
                () -> compute(runId),
                CellsResponse::csv);
    }

    CellsResponse compute(UUID runId) {
        List<CellRow> rows = new ArrayList<>(queries.cells(new CellQueries.Where().and("c.run_id = ?", runId)));
        if (rows.isEmpty() && !queries.runExists(runId)) {
            throw ReadProblems.notFound("id", "no run " + runId);
        }
        rows.sort(Comparator.comparingInt(r -> r.cell().ordinal()));
        return new CellsResponse(rows.stream().map(CellRow::cell).toList());
    }
}
