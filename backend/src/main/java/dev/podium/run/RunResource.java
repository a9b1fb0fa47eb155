package dev.podium.run;

import dev.podium.common.ProblemException;
import dev.podium.input.ContentTypes;
import dev.podium.read.Csv;
import dev.podium.read.CsvColumn;
import dev.podium.read.QueryParams;
import dev.podium.replica.ReplicaRead;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
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
import java.util.List;
import java.util.UUID;
import lombok.RequiredArgsConstructor;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponses;

/** Signed run submission (POST /api/runs) and the minimal reads of stored runs. */
@Path("/api/runs")
@Produces(MediaType.APPLICATION_JSON)
@RequiredArgsConstructor
public class RunResource {

    /** The CSV's columns in order, each header beside how a run's value is read (an empty cell for null). */
    private static final List<CsvColumn<RunSummary>> CSV = List.of(
            new CsvColumn<>("id", RunSummary::id),
            new CsvColumn<>("receivedAt", RunSummary::receivedAt),
            new CsvColumn<>("startedAt", RunSummary::startedAt),
            new CsvColumn<>("finishedAt", RunSummary::finishedAt),
            new CsvColumn<>("hostClass", RunSummary::hostClass),
            new CsvColumn<>("hostname", RunSummary::hostname),
            new CsvColumn<>("cpuModel", RunSummary::cpuModel),
            new CsvColumn<>("vcpus", RunSummary::vcpus),
            new CsvColumn<>("jvmVendor", RunSummary::jvmVendor),
            new CsvColumn<>("jvmVersion", RunSummary::jvmVersion),
            new CsvColumn<>("suiteVersion", RunSummary::suiteVersion),
            new CsvColumn<>("agentId", RunSummary::agentId),
            new CsvColumn<>("agentName", RunSummary::agentName),
            new CsvColumn<>("keyid", RunSummary::keyid),
            new CsvColumn<>("revokedAt", RunSummary::revokedAt),
            new CsvColumn<>("cellCount", RunSummary::cellCount));

    private static final int MAX_PAGE_SIZE = 200;

    private final RunService runs;
    private final RunQueries queries;

    @POST
    @Operation(
            summary = "Submit a run: a DSSE envelope signed by an enrolled agent key",
            description =
                    "The payload is the run JSON (schema/run.schema.json); errors are application/problem+json "
                            + "{type, title, status, detail, field, errors} naming the field, e.g. results[0].repeats[2].latencyMs.p90")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, example = """
            {"payloadType": "application/vnd.podium.run.v1+json", "payload": "<base64 of the run JSON>",
             "signatures": [{"keyid": "<hex SHA-256 of the raw Ed25519 public key>", "sig": "<base64 signature over PAE>"}]}"""))
    @APIResponses({
        @APIResponse(responseCode = "201", description = "stored; body {id}"),
        @APIResponse(responseCode = "200", description = "the identical run was already stored; body {id}"),
        @APIResponse(responseCode = "400", description = "malformed JSON or envelope, or a payload that is not JSON"),
        @APIResponse(responseCode = "401", description = "unknown key or a signature that does not verify"),
        @APIResponse(responseCode = "403", description = "signed by a revoked key"),
        @APIResponse(responseCode = "409", description = "the runId is stored with other payload bytes"),
        @APIResponse(responseCode = "413", description = "over PODIUM_MAX_RUN_BYTES"),
        @APIResponse(responseCode = "415", description = "a Content-Type other than application/json (UTF-8)"),
        @APIResponse(
                responseCode = "422",
                description = "the payload breaks the schema or a rule (NaN, percentile order, ...)"),
        @APIResponse(responseCode = "429", description = "too many ingests in flight; see Retry-After"),
        @APIResponse(responseCode = "503", description = "the database is unreachable; see Retry-After")
    })
    public Response submit(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, byte[] body) {
        ContentTypes.requireJson(contentType);
        return runs.ingest(body == null ? new byte[0] : body).response("/api/runs");
    }

    @GET
    @ReplicaRead
    @Produces({MediaType.APPLICATION_JSON, Csv.MEDIA_TYPE})
    @Operation(
            summary = "Stored runs, newest received first",
            description = "`format=csv` or `Accept: text/csv` for the page as CSV with a header row.")
    @APIResponseSchema(RunPage.class)
    public Response list(
            @Context UriInfo uri,
            @Context ResourceInfo endpoint,
            @Context HttpHeaders headers,
            @Parameter(description = "0-based page") @QueryParam("page") String page,
            @Parameter(description = "page size, at most 200") @QueryParam("size") String size,
            @Parameter(description = "json (default) or csv") @QueryParam("format") String format) {
        QueryParams.of(uri, endpoint);
        boolean csv = QueryParams.parseCsv(format, headers);
        RunPage runs = queries.list(
                intParam("page", page, 0, 0, Integer.MAX_VALUE / MAX_PAGE_SIZE),
                intParam("size", size, 20, 1, MAX_PAGE_SIZE));
        if (!csv) {
            return Response.ok(runs, MediaType.APPLICATION_JSON_TYPE).build();
        }
        return Response.ok(CsvColumn.table(CSV, runs.items()), Csv.MEDIA_TYPE).build();
    }

    @GET
    @ReplicaRead
    @Path("/{id}")
    @Operation(summary = "A run: metadata, cells with repeats, the envelope as a string")
    public RunDetail detail(@Context UriInfo uri, @Context ResourceInfo endpoint, @PathParam("id") String id) {
        QueryParams.of(uri, endpoint);
        return queries.detail(uuid(id));
    }

    @GET
    @ReplicaRead
    @Path("/{id}/envelope")
    @Operation(summary = "The envelope exactly as received, to re-verify with the agent's public key")
    public Response envelope(@Context UriInfo uri, @Context ResourceInfo endpoint, @PathParam("id") String id) {
        QueryParams.of(uri, endpoint);
        return Response.ok(queries.envelope(uuid(id)), MediaType.APPLICATION_JSON_TYPE)
                .build();
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
        throw ProblemException.badRequest(
                "invalid-parameter", name + " must be an integer from " + min + " to " + max + ", got " + value, name);
    }

    private static UUID uuid(String id) {
        return ProblemException.uuidOrNotFound(id, "no run " + id + " (run ids are UUIDs)");
    }
}
