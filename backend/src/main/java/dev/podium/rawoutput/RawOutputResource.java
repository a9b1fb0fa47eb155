package dev.podium.rawoutput;

import dev.podium.read.CellEndpoint;
import dev.podium.read.QueryParams;
import dev.podium.read.ReadProblems;
import dev.podium.replica.ReplicaRead;
import dev.podium.replica.Routed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.ByteArrayOutputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.UUID;
import javax.sql.DataSource;
import lombok.RequiredArgsConstructor;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * GET /api/runs/{id}/raw: the load generator's own output of a run, as its signed payload carried it (results[].rawOutput):
 * one gzip file, each cell's gzip stream as sent, in payload order (a multi-member gzip file: gunzip and zcat read it
 * as one text), or one cell's alone.
 */
@Path("/api/runs/{id}/raw")
@Tag(name = "runs")
@RequiredArgsConstructor
public class RawOutputResource {

    static final String GZIP = "application/gzip";

    @Routed
    private final DataSource dataSource;

    @GET
    @ReplicaRead
    @Produces(GZIP)
    @Operation(
            summary = "The load generator's raw output of a run",
            description = "wrk's text and the open-loop generator's summary of every warm-up window and repeat, each"
                    + " under a line starting '== ', gzip-compressed exactly as the signed payload carried it (so its"
                    + " digest is covered by the run's signature): the cells' gzip streams one after another, in"
                    + " payload order, or only the cell at `cell` (its ordinal).")
    @APIResponse(
            responseCode = "200",
            content =
                    @Content(
                            mediaType = GZIP,
                            schema =
                                    @Schema(
                                            type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.STRING,
                                            format = "binary")))
    @APIResponse(responseCode = "404", description = "No run with that id, or no raw output kept for it (or that cell)")
    public Response raw(
            @Context UriInfo uri,
            @Context ResourceInfo endpoint,
            @PathParam("id") String id,
            @Parameter(description = "a cell's ordinal (its place in the payload's results, from 0): only its output")
                    @QueryParam("cell")
                    String cell) {
        QueryParams.of(uri, endpoint);
        UUID runId = CellEndpoint.runId(id);
        Integer ordinal = cell == null ? null : ordinal(cell);
        byte[] body = read(runId, ordinal);
        if (body.length == 0) {
            throw ReadProblems.notFound(
                    "id",
                    "no raw output kept for run " + runId + (ordinal == null ? "" : ", cell " + ordinal)
                            + " (runs measured before raw output was kept have none)");
        }
        String name = "podium-run-" + runId + (ordinal == null ? "" : "-cell-" + ordinal) + "-raw.txt.gz";
        return Response.ok(body, GZIP)
                .header("Content-Disposition", "attachment; filename=\"" + name + "\"")
                .header("Cache-Control", "public, max-age=86400, immutable")
                .build();
    }

    private static int ordinal(String given) {
        try {
            int n = Integer.parseInt(QueryParams.parseText("cell", given));
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw ReadProblems.badParameter("cell", "a cell's ordinal: a whole number from 0, got '" + given + "'");
    }

    private byte[] read(UUID runId, Integer ordinal) {
        String sql = "select o.gzip from cell_raw_outputs o join cells c on c.id = o.cell_id where c.run_id = ?"
                + (ordinal == null ? "" : " and c.ordinal = ?") + " order by c.ordinal";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setObject(1, runId);
            if (ordinal != null) {
                ps.setInt(2, ordinal);
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.writeBytes(rs.getBytes(1));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("reading the raw output of run " + runId, e);
        }
        return out.toByteArray();
    }
}
