package dev.podium.framework;

import dev.podium.read.Answers;
import dev.podium.read.CellEndpoint;
import dev.podium.read.CellQueries;
import dev.podium.read.QueryParams;
import dev.podium.read.TargetKey;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** GET /api/frameworks: every measured framework target, for the pickers. */
@Path("/api/frameworks")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "leaderboard")
public class FrameworkResource extends CellEndpoint {

    @Inject
    FrameworkResource(CellQueries queries, Answers answers) {
        super(queries, answers);
    }

    public record Framework(
            String framework, String ioModel, String latestVersion, List<String> scenarios, List<String> hostClasses) {}

    public record FrameworksResponse(List<Framework> items) {}

    @GET
    @Operation(
            summary = "Framework targets",
            description = "Every (framework, ioModel) measured, baselines excluded,"
                    + " with the version of its most recent run and where it was measured.")
    @APIResponseSchema(FrameworksResponse.class)
    @APIResponse(responseCode = "400", description = "Unknown parameter; `field` names it")
    public Uni<Response> frameworks(@Context UriInfo uri, @Context ResourceInfo endpoint) {
        QueryParams.of(uri, endpoint);
        return answers.json("frameworks", this::compute);
    }

    FrameworksResponse compute() {
        record Seen(String framework, String ioModel, String scenario, String hostClass) {}
        List<Seen> rows = queries.distinctNewest(
                "c.framework, c.io_model, c.scenario, r.host_class",
                new CellQueries.Where().andAlways("not c.baseline"),
                rs -> new Seen(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)));
        Map<TargetKey, String> versions = queries.latestVersions();
        Map<TargetKey, List<Seen>> byTarget = new TreeMap<>();
        rows.forEach(s -> byTarget.computeIfAbsent(TargetKey.of(s.framework(), s.ioModel()), k -> new ArrayList<>())
                .add(s));
        List<Framework> items = new ArrayList<>();
        for (Map.Entry<TargetKey, List<Seen>> e : byTarget.entrySet()) {
            Seen first = e.getValue().get(0);
            items.add(new Framework(
                    first.framework(),
                    first.ioModel(),
                    versions.get(e.getKey()),
                    List.copyOf(new TreeSet<>(
                            e.getValue().stream().map(Seen::scenario).toList())),
                    List.copyOf(new TreeSet<>(
                            e.getValue().stream().map(Seen::hostClass).toList()))));
        }
        return new FrameworksResponse(items);
    }
}
