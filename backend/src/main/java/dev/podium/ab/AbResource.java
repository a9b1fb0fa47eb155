package dev.podium.ab;

import dev.podium.ab.AbRecords.AbComparison;
import dev.podium.ab.AbRecords.AbPage;
import dev.podium.common.ProblemException;
import dev.podium.input.ContentTypes;
import dev.podium.read.QueryParams;
import dev.podium.read.ReadProblems;
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
import lombok.RequiredArgsConstructor;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponses;

/** A/B comparisons: signed submission (POST /api/ab), one by id, and a framework's list. */
@Path("/api/ab")
@Produces(MediaType.APPLICATION_JSON)
@RequiredArgsConstructor
public class AbResource {

    static final int MAX_LIMIT = 100;
    static final int DEFAULT_LIMIT = 20;

    private final AbService service;
    private final AbQueries queries;

    @POST
    @Operation(
            summary = "Submit an A/B comparison: a DSSE envelope signed by an enrolled agent key",
            description = "What `podium-agent ab --push` sends: the payload is the comparison's JSON"
                    + " (schema/ab.v1.schema.json, payloadType " + AbService.PAYLOAD_TYPE + "), the one `--json`"
                    + " writes. The signature is checked as a run's is. Its id is the report's runId, so the same"
                    + " envelope again answers 200 with the same id and stores nothing more. Errors are"
                    + " application/problem+json naming the field.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, example = """
            {"payloadType": "application/vnd.podium.ab.v1+json", "payload": "<base64 of the comparison JSON>",
             "signatures": [{"keyid": "<hex SHA-256 of the raw Ed25519 public key>", "sig": "<base64 signature over PAE>"}]}"""))
    @APIResponses({
        @APIResponse(responseCode = "201", description = "stored; body {id}, Location /api/ab/{id}"),
        @APIResponse(responseCode = "200", description = "the identical comparison was already stored; body {id}"),
        @APIResponse(
                responseCode = "400",
                description = "malformed envelope or JSON, another payloadType, or a comparison that breaks the"
                        + " schema or a rule (the ratio outside its interval, pairs that are not one per round)"),
        @APIResponse(responseCode = "401", description = "unknown key or a signature that does not verify"),
        @APIResponse(responseCode = "403", description = "signed by a revoked key"),
        @APIResponse(responseCode = "409", description = "this runId is stored with other payload bytes"),
        @APIResponse(responseCode = "413", description = "over 1 MiB"),
        @APIResponse(responseCode = "415", description = "a Content-Type other than application/json (UTF-8)"),
        @APIResponse(responseCode = "429", description = "the key's or the address's write budget is spent")
    })
    public Response submit(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType, byte[] body) {
        ContentTypes.requireJson(contentType);
        return service.submit(body == null ? new byte[0] : body).response("/api/ab");
    }

    @GET
    @ReplicaRead
    @Operation(
            summary = "A/B comparisons, newest received first",
            description = "Each with what it compared (target, framework, both variants in words), its rounds, host"
                    + " class and dates; its cells are at /api/ab/{id}.")
    @APIResponseSchema(AbPage.class)
    @APIResponse(responseCode = "400", description = "an unknown parameter, or limit out of 1-100")
    public AbPage list(
            @Context UriInfo uri,
            @Context ResourceInfo endpoint,
            @Parameter(description = "only this framework's (its name, in any letter case)", example = "Tomcat")
                    @QueryParam("framework")
                    String framework,
            @Parameter(description = "at most this many, 1 to 100 (default 20)") @QueryParam("limit") String limit) {
        QueryParams.of(uri, endpoint);
        int n = QueryParams.parsePositiveInt("limit", limit, DEFAULT_LIMIT);
        if (n > MAX_LIMIT) {
            throw ReadProblems.badParameter("limit", "'limit' must be at most " + MAX_LIMIT + ", not " + n);
        }
        return queries.list(QueryParams.parseText("framework", framework), n);
    }

    @GET
    @ReplicaRead
    @Path("/{id}")
    @Operation(
            summary = "One A/B comparison: the report as signed, who signed it, and the envelope",
            description = "The report holds per cell and figure (throughput, p99, CPU and allocation per request) A's"
                    + " and B's figures, B/A with its 95% interval (low, high), the verdict (faster: B better, slower:"
                    + " B worse, cannot tell), the smallest detectable change and each round's pair.")
    @APIResponseSchema(AbComparison.class)
    @APIResponse(responseCode = "404", description = "no comparison has this id (ids are UUIDs)")
    public AbComparison detail(@Context UriInfo uri, @Context ResourceInfo endpoint, @PathParam("id") String id) {
        QueryParams.of(uri, endpoint);
        return queries.comparison(
                ProblemException.uuidOrNotFound(id, "no A/B comparison " + id + " (comparison ids are UUIDs)"));
    }
}
