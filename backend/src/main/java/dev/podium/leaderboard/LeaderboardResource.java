package dev.podium.leaderboard;

import dev.podium.read.Answers;
import dev.podium.read.CellFilter;
import dev.podium.read.Csv;
import dev.podium.read.QueryParams;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import lombok.RequiredArgsConstructor;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** GET /api/leaderboard: one scenario's ranked framework targets on one host class and vCPU count. */
@Path("/api/leaderboard")
@Tag(name = "leaderboard", description = "Public, read-only results")
@RequiredArgsConstructor
public class LeaderboardResource {

    /** The values of the {@code segments} parameter. */
    static final java.util.Set<String> SEGMENTS = java.util.Set.of("omit", "include");

    private final LeaderboardService service;
    private final Answers answers;

    @GET
    @Produces({MediaType.APPLICATION_JSON, Csv.MEDIA_TYPE})
    @Operation(
            summary = "Leaderboard of one scenario",
            description =
                    "Each framework target's most recent matching run on one host class and vCPU count (by default"
                            + " the host class of the most recent run for the scenario and its largest vCPU count). SLA"
                            + " throughput = the highest trimmed mean whose p90 is under `sla` ms with under 1% errors. `rank`"
                            + " orders by throughput (default), cpu (requests per CPU-second, highest first) or memory (MB of RSS"
                            + " per 1,000 req/s, lowest first); under throughput, a row whose figure is a lower bound"
                            + " (flagged generator-saturated, above-baseline, shares-generator-cpus, warmup-not-stable or"
                            + " host-interference:"
                            + " `atLeast` true) is never decided slower, its interval reaching up without end (`rankedBy`"
                            + " throughput). Under `flagged=exclude` (default) rows with no honest order (high-error-rate,"
                            + " rate-not-held, a revoked agent: `excludedBy`) follow unranked. Each ranked row's rank is a"
                            + " range from the comparison engine (methodology section 10): `rank` = 1 + the rows decided"
                            + " faster than it, `rankHigh` = N - the rows decided slower, every pair judged at once"
                            + " (Benjamini-Hochberg at 5%, gated by Bonferroni). A figure of one repeat has no interval"
                            + " (`ciLow`, `ciHigh` null) and is told apart from no row."
                            + " `format=csv` or `Accept: text/csv` for CSV.")
    @APIResponseSchema(
            value = LeaderboardResponse.class,
            responseDescription = "The ranked rows (an empty list when nothing matches)")
    @APIResponse(
            responseCode = "400",
            description = "Unknown parameter or value; `field` names it",
            content = @Content(mediaType = "application/problem+json"))
    @Parameter(name = "scenario", in = ParameterIn.QUERY, required = true, example = "plaintext")
    @Parameter(
            name = "hostClass",
            in = ParameterIn.QUERY,
            description = "Host class, \"<cpuModel> · <vcpus> vCPU · <GiB> GiB\"; default: the most recent run's")
    @Parameter(
            name = "vcpus",
            in = ParameterIn.QUERY,
            description = "vCPUs given to the target; default: the largest measured on the host class",
            example = "2")
    @Parameter(name = "loadModel", in = ParameterIn.QUERY, description = "closed (default) or open")
    public Uni<Response> leaderboard(
            @Context UriInfo uri,
            @Context ResourceInfo endpoint,
            @Context HttpHeaders headers,
            @BeanParam CellFilter cells,
            @BeanParam LeaderboardParams params) {
        QueryParams.of(uri, endpoint);
        LeaderboardQuery query = LeaderboardQuery.from(cells, params);
        String b = or(QueryParams.parseOneOf("basis", params.basis, LeaderboardService.BASES), "segment");
        boolean withSegments = "include".equals(QueryParams.parseOneOf("segments", params.segments, SEGMENTS));
        return answers.table(
                key(query, b, withSegments),
                QueryParams.parseCsv(params.format, headers),
                board(query, b, withSegments),
                LeaderboardResponse::csv);
    }

    private static String or(String value, String fallback) {
        return value == null ? fallback : value;
    }

    /**
     * The cache key of a board: the query with its defaults filled in, so that the site's explicit defaults and a bare
     * {@code ?scenario=x} share one answer (and the one rendered at start).
     */
    static String key(LeaderboardQuery query, String basis, boolean withSegments) {
        return "leaderboard " + query + " basis=" + basis + " segments=" + withSegments;
    }

    private java.util.function.Supplier<LeaderboardResponse> board(
            LeaderboardQuery query, String basis, boolean withSegments) {
        return () -> {
            LeaderboardResponse r = service.leaderboard(query, basis);
            return withSegments ? r : r.withSegments(null);
        };
    }

    /**
     * Each scenario's default board (what the site's leaderboard asks for first), rendered in the background at
     * start so that the first visitor after a restart does not wait for the queries; plaintext first.
     */
    void onStart(@jakarta.enterprise.event.Observes io.quarkus.runtime.StartupEvent event) {
        answers.inBackground(() -> {
            java.util.List<String> scenarios =
                    new java.util.ArrayList<>(new java.util.TreeSet<>(QueryParams.SCENARIOS));
            scenarios.remove("plaintext");
            scenarios.add(0, "plaintext");
            for (String scenario : scenarios) {
                LeaderboardQuery query = LeaderboardQuery.defaults(scenario);
                try {
                    answers.prerender(key(query, "segment", false), board(query, "segment", false));
                } catch (RuntimeException e) {
                    return; // the database is away: requests render it when it is back
                }
            }
        });
    }
}
