package dev.podium.diff;

import dev.podium.common.ProblemException;
import dev.podium.read.Answers;
import dev.podium.read.QueryParams;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.UUID;
import lombok.RequiredArgsConstructor;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** GET /api/diff: every cell two runs share that moved significantly, and the run fields that differ. */
@Path("/api/diff")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "leaderboard")
@RequiredArgsConstructor
public class DiffResource {

    static final double DEFAULT_ALPHA = 0.05;

    private final DiffService service;
    private final Answers answers;

    @GET
    @Operation(
            summary = "Diff of two runs",
            description = "Cells present in both runs (same target, scenario, load model,"
                    + " concurrency, vCPUs and rate) are compared: throughput by the comparison engine (methodology section"
                    + " 10), every shared cell judged as one family at the false discovery rate alpha (default 0.05), each"
                    + " side over its JVM starts plus the host's drift between the two runs; p99 by Welch's two-sided"
                    + " t-test of b's starts against a's at p < alpha. The cells that moved are listed, largest |effect|"
                    + " first (pValue: the pair's own, before the family's correction). Also: the run"
                    + " fields that differ (suite commit, JVM, agent version, host settings, framework versions, ...).")
    @APIResponseSchema(RunDiff.class)
    @APIResponse(responseCode = "400", description = "Not a run id, or a bad alpha; `field` names it")
    @APIResponse(responseCode = "404", description = "No run with that id; `field` is a or b")
    public Uni<Response> diff(
            @Context UriInfo uri,
            @Context ResourceInfo endpoint,
            @Parameter(required = true, description = "run id: the before") @QueryParam("a") String a,
            @Parameter(required = true, description = "run id: the after") @QueryParam("b") String b,
            @Parameter(description = "significance level, 0 < alpha < 1 (default 0.05)") @QueryParam("alpha")
                    String alpha) {
        QueryParams.of(uri, endpoint);
        UUID runA = runId("a", a);
        UUID runB = runId("b", b);
        double level = QueryParams.parsePositiveNumber("alpha", alpha, DEFAULT_ALPHA);
        if (level >= 1) {
            throw ProblemException.badRequest("invalid-parameter", "'alpha' must be below 1", "alpha");
        }
        return answers.json("diff" + runA + "/" + runB + "/" + level, () -> service.diff(runA, runB, level));
    }

    private static UUID runId(String field, String given) {
        String v = QueryParams.parseRequired(field, given);
        try {
            return UUID.fromString(v);
        } catch (IllegalArgumentException e) {
            throw ProblemException.badRequest("invalid-parameter", "'" + field + "' must be a run id (a UUID)", field);
        }
    }
}
