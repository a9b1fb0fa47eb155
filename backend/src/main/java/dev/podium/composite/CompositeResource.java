package dev.podium.composite;

import dev.podium.leaderboard.LeaderboardParams;
import dev.podium.leaderboard.LeaderboardQuery;
import dev.podium.leaderboard.LeaderboardResponse;
import dev.podium.leaderboard.LeaderboardService;
import dev.podium.read.Answers;
import dev.podium.read.CellFilter;
import dev.podium.read.QueryParams;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.LinkedHashMap;
import java.util.Map;
import lombok.RequiredArgsConstructor;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** GET /api/composite: every scenario's board on one host class and vCPU count, scored and ranked by the engine. */
@Path("/api/composite")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "leaderboard")
@RequiredArgsConstructor
public class CompositeResource {

    private final LeaderboardService leaderboards;
    private final Answers answers;

    @GET
    @Operation(
            summary = "Composite across scenarios",
            description = "Each scenario's board (closed loop, the leaderboard's filters), on one host class and vCPU"
                    + " count (given, else those of the first scenario with rows); a row's score is the weighted"
                    + " geometric mean of its SLA throughput over each counted scenario's best ranked one (weights in"
                    + " the answer), and its rank a range from the comparison engine, every pair of scored rows"
                    + " judged at once (methodology section 10). A target without a ranked SLA throughput in some"
                    + " counted scenario has no score and no rank.")
    @APIResponse(
            responseCode = "200",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = CompositeResponse.class)))
    @Parameter(name = "scenario", in = ParameterIn.QUERY, hidden = true)
    @Parameter(name = "rank", in = ParameterIn.QUERY, hidden = true)
    @Parameter(name = "format", in = ParameterIn.QUERY, hidden = true)
    @Parameter(name = "segments", in = ParameterIn.QUERY, hidden = true)
    public Uni<Response> composite(
            @Context UriInfo uri,
            @Context ResourceInfo endpoint,
            @BeanParam CellFilter cells,
            @BeanParam LeaderboardParams params) {
        QueryParams q = QueryParams.of(uri, endpoint);
        CellFilter filter = cells.without(endpoint);
        String basis = QueryParams.parseOneOf("basis", params.basis, LeaderboardService.BASES);
        String b = basis == null ? "segment" : basis;
        // every scenario's query is checked before anything is read (400 naming the field)
        Map<String, LeaderboardQuery> queries = new LinkedHashMap<>();
        for (String s : Composite.WEIGHTS.keySet()) {
            queries.put(s, LeaderboardQuery.from(filter.forScenario(s), params));
        }
        return answers.json("composite" + q.normalised(), () -> compute(queries, b));
    }

    private CompositeResponse compute(Map<String, LeaderboardQuery> queries, String basis) {
        Map<String, LeaderboardResponse> boards = new LinkedHashMap<>();
        queries.forEach((s, query) -> boards.put(s, leaderboards.leaderboard(query, basis)));
        // one host class and vCPU count for every scenario: the first scenario that has rows decides
        LeaderboardResponse first = boards.values().stream()
                .filter(r -> !r.rows().isEmpty())
                .findFirst()
                .orElse(null);
        if (first == null) {
            return Composite.of(boards, null, null);
        }
        boolean mixed = boards.values().stream()
                .anyMatch(r -> !r.rows().isEmpty()
                        && (!java.util.Objects.equals(r.hostClass(), first.hostClass())
                                || !java.util.Objects.equals(r.vcpus(), first.vcpus())));
        if (mixed) {
            queries.forEach((s, query) -> boards.put(
                    s,
                    leaderboards.leaderboard(
                            new LeaderboardQuery(
                                    query.cells().on(first.hostClass(), first.vcpus()),
                                    query.sla(),
                                    query.rank(),
                                    query.includeFlagged(),
                                    query.excludeRevoked(),
                                    query.topology()),
                            basis)));
        }
        return Composite.of(boards, first.hostClass(), first.vcpus());
    }
}
