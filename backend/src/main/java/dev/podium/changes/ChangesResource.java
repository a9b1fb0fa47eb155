package dev.podium.changes;

import dev.podium.read.CellFilter;
import dev.podium.read.Csv;
import dev.podium.read.CsvColumn;
import dev.podium.read.QueryParams;
import dev.podium.read.ReadProblems;
import dev.podium.replica.ReplicaRead;
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
import java.util.List;
import java.util.stream.Collectors;
import lombok.RequiredArgsConstructor;
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
@RequiredArgsConstructor
public class ChangesResource {

    /** The CSV's columns in order, each header beside how a change point's value is read. */
    static final List<CsvColumn<ChangeView>> CSV = List.of(
            new CsvColumn<>("id", ChangeView::id),
            new CsvColumn<>("metric", ChangeView::metric),
            new CsvColumn<>("hostClass", ChangeView::hostClass),
            new CsvColumn<>("vcpus", ChangeView::vcpus),
            new CsvColumn<>("framework", ChangeView::framework),
            new CsvColumn<>("ioModel", ChangeView::ioModel),
            new CsvColumn<>("scenario", ChangeView::scenario),
            new CsvColumn<>("loadModel", ChangeView::loadModel),
            new CsvColumn<>("connections", ChangeView::connections),
            new CsvColumn<>("targetRate", ChangeView::targetRate),
            new CsvColumn<>("runBefore", ChangeView::runBefore),
            new CsvColumn<>("runAfter", ChangeView::runAfter),
            new CsvColumn<>("at", ChangeView::at),
            new CsvColumn<>("runsBefore", ChangeView::runsBefore),
            new CsvColumn<>("runsAfter", ChangeView::runsAfter),
            new CsvColumn<>("meanBefore", c -> c.before().mean()),
            new CsvColumn<>("ciLowBefore", c -> c.before().ciLow()),
            new CsvColumn<>("ciHighBefore", c -> c.before().ciHigh()),
            new CsvColumn<>("meanAfter", c -> c.after().mean()),
            new CsvColumn<>("ciLowAfter", c -> c.after().ciLow()),
            new CsvColumn<>("ciHighAfter", c -> c.after().ciHigh()),
            new CsvColumn<>("effectPercent", ChangeView::effectPercent),
            new CsvColumn<>("pValue", ChangeView::pValue),
            new CsvColumn<>(
                    "changed",
                    c -> c.changed().entrySet().stream()
                            .map(e -> e.getKey() + ": " + e.getValue().before() + " -> "
                                    + e.getValue().after())
                            .collect(Collectors.joining("; "))),
            new CsvColumn<>("detectedAt", ChangeView::detectedAt),
            new CsvColumn<>("spreadBefore", c -> c.before().spread()),
            new CsvColumn<>("spreadAfter", c -> c.after().spread()),
            new CsvColumn<>("effectSize", ChangeView::effectSize));

    private final ChangeQueries queries;

    @GET
    @ReplicaRead
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
    @APIResponse(responseCode = "400", description = ReadProblems.BAD_QUERY_DESCRIPTION)
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
        QueryParams.of(uri, endpoint);
        ChangeQueries.Filter filter = ChangeQueries.Filter.of(series, filters);
        boolean csv = QueryParams.parseCsv(format, headers);
        List<ChangeView> changes = queries.list(filter);
        if (!csv) {
            return Response.ok(changes, MediaType.APPLICATION_JSON).build();
        }
        return Response.ok(CsvColumn.table(CSV, changes), "text/csv;charset=UTF-8")
                .build();
    }
}
