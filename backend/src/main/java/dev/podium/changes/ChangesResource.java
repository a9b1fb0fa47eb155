package dev.podium.changes;

import dev.podium.read.CellFilter;
import dev.podium.read.Csv;
import dev.podium.read.QueryParams;
import jakarta.inject.Inject;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** GET /api/changes: stored change points, newest first, as JSON or CSV. */
@Path("/api/changes")
@Tag(name = "changes")
public class ChangesResource {

    static final List<String> CSV_HEADER = List.of(
            "id",
            "metric",
            "hostClass",
            "vcpus",
            "framework",
            "ioModel",
            "scenario",
            "loadModel",
            "connections",
            "targetRate",
            "runBefore",
            "runAfter",
            "at",
            "runsBefore",
            "runsAfter",
            "meanBefore",
            "ciLowBefore",
            "ciHighBefore",
            "meanAfter",
            "ciLowAfter",
            "ciHighAfter",
            "effectPercent",
            "pValue",
            "changed",
            "detectedAt",
            "spreadBefore",
            "spreadAfter",
            "effectSize");

    @Inject
    ChangeQueries queries;

    @GET
    @Produces({MediaType.APPLICATION_JSON, Csv.MEDIA_TYPE})
    @Operation(
            summary = "Change points, newest first",
            description = "Each change point of a series (host class x"
                    + " vCPUs x target x scenario x load model x connections, for throughput, p99 and CPU time per request)"
                    + " with its evidence: the runs either side, the means of the two segments' run figures with their 95%"
                    + " intervals and run-to-run standard deviations, the effect in percent and standardised, Student's p on"
                    + " the run figures, and the fields that differ between the two runs.")
    @APIResponse(
            responseCode = "200",
            content = {
                @Content(
                        mediaType = MediaType.APPLICATION_JSON,
                        schema = @Schema(implementation = ChangeView.class, type = SchemaType.ARRAY)),
                @Content(mediaType = Csv.MEDIA_TYPE)
            })
    @APIResponse(responseCode = "400", description = "Unknown parameter or value; `field` names it")
    // change points have no JVM (a series spans JVM updates: "changed" names them) and no classification
    @Parameter(name = "jvmVendor", in = ParameterIn.QUERY, hidden = true)
    @Parameter(name = "jvmMajor", in = ParameterIn.QUERY, hidden = true)
    @Parameter(name = "classification", in = ParameterIn.QUERY, hidden = true)
    public Response list(
            @Context UriInfo uri,
            @Context ResourceInfo endpoint,
            @Context HttpHeaders headers,
            @BeanParam CellFilter series,
            @BeanParam ChangeParams filters,
            @Parameter(description = "json (default) or csv") @QueryParam("format") String format) {
        QueryParams q = QueryParams.of(uri, endpoint);
        ChangeQueries.Filter filter = ChangeQueries.Filter.of(series, q);
        boolean csv = q.csv(headers);
        List<ChangeView> changes = queries.list(filter);
        if (!csv) {
            return Response.ok(changes, MediaType.APPLICATION_JSON).build();
        }
        List<List<Object>> rows = new ArrayList<>();
        for (ChangeView c : changes) {
            List<Object> row = new ArrayList<>(List.of(
                    c.id(),
                    c.metric(),
                    c.hostClass(),
                    c.vcpus(),
                    c.framework(),
                    c.ioModel(),
                    c.scenario(),
                    c.loadModel(),
                    c.connections()));
            row.add(c.targetRate());
            row.addAll(List.of(
                    c.runBefore(),
                    c.runAfter(),
                    c.at(),
                    c.runsBefore(),
                    c.runsAfter(),
                    c.before().mean(),
                    c.before().ciLow(),
                    c.before().ciHigh(),
                    c.after().mean(),
                    c.after().ciLow(),
                    c.after().ciHigh(),
                    c.effectPercent(),
                    c.pValue()));
            row.add(c.changed().entrySet().stream()
                    .map(e -> e.getKey() + ": " + e.getValue().before() + " -> "
                            + e.getValue().after())
                    .collect(Collectors.joining("; ")));
            row.add(c.detectedAt());
            row.add(c.before().spread());
            row.add(c.after().spread());
            row.add(c.effectSize());
            rows.add(row);
        }
        return Response.ok(Csv.table(CSV_HEADER, rows), "text/csv;charset=UTF-8")
                .build();
    }
}
