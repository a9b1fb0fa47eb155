package dev.podium.run;

import dev.podium.common.ProblemException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/** Signed run submission (POST /api/runs) and the minimal reads of stored runs. */
@Path("/api/runs")
@Produces(MediaType.APPLICATION_JSON)
public class RunResource {

    private static final Set<String> LIST_PARAMETERS = Set.of("page", "size");
    private static final int MAX_PAGE_SIZE = 200;

    private final RunService runs;
    private final RunQueries queries;

    RunResource(RunService runs, RunQueries queries) {
        this.runs = runs;
        this.queries = queries;
    }

    /** The id of a stored run. */
    public record RunId(UUID id) {
    }

    @POST
    @Operation(summary = "Submit a run: a DSSE envelope signed by an enrolled agent key",
            description = "201 new, 200 identical resubmission, 409 same runId with other bytes; errors are problem+json naming the field")
    public Response submit(byte[] body) {
        RunService.Accepted accepted = runs.ingest(body == null ? new byte[0] : body);
        RunId id = new RunId(accepted.id());
        return accepted.created()
                ? Response.created(URI.create("/api/runs/" + accepted.id())).entity(id).build()
                : Response.ok(id).build();
    }

    @GET
    @Operation(summary = "Stored runs, newest received first")
    public RunPage list(@Context UriInfo uri,
                        @Parameter(description = "0-based page") @jakarta.ws.rs.QueryParam("page") String page,
                        @Parameter(description = "page size, at most 200") @jakarta.ws.rs.QueryParam("size") String size) {
        rejectUnknown(uri.getQueryParameters(), LIST_PARAMETERS);
        return queries.list(intParam("page", page, 0, 0, Integer.MAX_VALUE / MAX_PAGE_SIZE),
                intParam("size", size, 20, 1, MAX_PAGE_SIZE));
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "A run: metadata, cells with repeats, the envelope as a string")
    public RunDetail detail(@Context UriInfo uri, @PathParam("id") String id) {
        rejectUnknown(uri.getQueryParameters(), Set.of());
        return queries.detail(uuid(id));
    }

    @GET
    @Path("/{id}/envelope")
    @Operation(summary = "The envelope exactly as received, to re-verify with the agent's public key")
    public Response envelope(@Context UriInfo uri, @PathParam("id") String id) {
        rejectUnknown(uri.getQueryParameters(), Set.of());
        return Response.ok(queries.envelope(uuid(id)), MediaType.APPLICATION_JSON_TYPE).build();
    }

    static void rejectUnknown(MultivaluedMap<String, String> given, Set<String> known) {
        for (Map.Entry<String, java.util.List<String>> parameter : given.entrySet()) {
            if (!known.contains(parameter.getKey())) {
                throw ProblemException.badRequest("unknown-parameter", "unknown query parameter " + parameter.getKey()
                        + (known.isEmpty() ? "" : "; known: " + String.join(", ", known)), parameter.getKey());
            }
        }
    }

    static int intParam(String name, String value, int fallback, int min, int max) {
        if (value == null) {
            return fallback;
        }
        try {
            int parsed = Integer.parseInt(value.trim());
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException ignored) {
            // answered below
        }
        throw ProblemException.badRequest("invalid-parameter",
                name + " must be an integer from " + min + " to " + max + ", got " + value, name);
    }

    private static UUID uuid(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw ProblemException.notFound("no run " + id + " (run ids are UUIDs)");
        }
    }
}
