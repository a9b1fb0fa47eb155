package dev.podium.columns;

import dev.podium.read.Answers;
import dev.podium.read.QueryParams;
import dev.podium.read.ReadProblems;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.inject.Instance;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import lombok.RequiredArgsConstructor;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * GET /api/columns/{table}: a table's columns as its JSON and CSV carry them (the site builds its downloads from it),
 * rendered once into the read cache, gzipped there for a client that takes gzip as every read answer is.
 */
@Path("/api/columns/{table}")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "leaderboard")
@RequiredArgsConstructor
public class ColumnsResource {

    private final Instance<Table.Source> tables;
    private final Answers answers;

    @GET
    @Operation(
            summary = "Columns of a table",
            description = "The columns of a table (leaderboard, history, cells: a run's cells) in the order of its"
                    + " CSV: the JSON name, the CSV header, a label, a unit, a description, and where the value sits"
                    + " in the JSON answer.")
    @APIResponse(
            responseCode = "200",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(type = SchemaType.ARRAY, implementation = Description.class)))
    @APIResponse(responseCode = "404", description = "No table of that name")
    public Uni<Response> columns(
            @Context UriInfo uri, @Context ResourceInfo endpoint, @PathParam("table") String table) {
        QueryParams.of(uri, endpoint); // it takes no query parameter: any is refused, naming it
        java.util.Set<String> names = new java.util.TreeSet<>();
        for (Table.Source source : tables) {
            if (source.table().name().equals(table)) {
                return answers.json("columns/" + table, () -> source.table().described());
            }
            names.add(source.table().name());
        }
        throw ReadProblems.notFound("table", "no table '" + table + "'; there are " + String.join(", ", names));
    }
}
