package dev.podium.framework;

import dev.podium.common.ProblemException;
import dev.podium.read.Answers;
import dev.podium.read.QueryParams;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.Set;
import java.util.function.Function;
import lombok.RequiredArgsConstructor;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * GET /api/frameworks/{slug}: everything the site's page of one framework shows; GET /api/frameworks/{slug}/jvm-modes:
 * the framework's default and aot-cache figures side by side. Both find the framework by its slug first (404 without).
 */
@Path("/api/frameworks/{slug}")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "frameworks", description = "One framework: its targets, figures, history, neighbours and badges")
@APIResponse(
        responseCode = "404",
        description = "No measured framework has this slug; `field` is slug",
        content = @Content(mediaType = "application/problem+json"))
@RequiredArgsConstructor
public class FrameworkPageResource {

    private final FrameworkPages pages;
    private final JvmModeQueries jvmModes;
    private final Answers answers;

    @GET
    @Operation(
            summary = "A framework's page",
            description = "The framework's targets (one per I/O model) with the"
                    + " suite's notes, tuning and a link to their source; per scenario its leaderboard rows (closed loop, the"
                    + " leaderboard's default host class and vCPUs) with 95% intervals, repeats and cost, the frameworks ranked"
                    + " just above and below, the throughput of its last 50 runs, and its badge. The slug is the name in lower"
                    + " case with every run of other characters as one dash (Spring MVC: spring-mvc); the name itself, in any"
                    + " case, is accepted too.")
    @APIResponseSchema(FrameworkPage.class)
    public Uni<Response> page(
            @Context UriInfo uri,
            @Parameter(description = "the framework's slug", example = "spring-mvc") @PathParam("slug") String slug) {
        String base = uri.getBaseUri().toString().replaceAll("/+$", "");
        return named(
                uri,
                slug,
                name -> answers.json("framework-page\u0000" + name + "\u0000" + base, () -> pages.page(name, base)));
    }

    @GET
    @Path("/jvm-modes")
    @Operation(
            summary = "A framework's figures in both JVM modes",
            description = "For each cell shape measured in the aot-cache JVM mode (started from the AOT cache a"
                    + " training run wrote; methodology, \"JVM mode\"), the most recent run that measured it, with that"
                    + " run's default-mode cell of the same shape: first response and idle memory of the start, time to"
                    + " peak, steady throughput with its 95% interval. Empty when no run measured the framework in the"
                    + " aot-cache mode.")
    @APIResponseSchema(JvmModeComparison.class)
    public Uni<Response> modes(
            @Context UriInfo uri,
            @Parameter(description = "the framework's slug", example = "vertx-web") @PathParam("slug") String slug) {
        return named(uri, slug, name -> answers.json("jvm-modes\u0000" + name, () -> jvmModes.compare(name)));
    }

    /**
     * {@code answer} of the framework {@code slug} names (found on a worker thread: it reads the database); 404 naming
     * the slug when no measured framework has it. Neither endpoint takes a query parameter: any is refused.
     */
    private Uni<Response> named(UriInfo uri, String slug, Function<String, Uni<Response>> answer) {
        QueryParams.of(uri, Set.of());
        return Uni.createFrom()
                .item(() -> pages.framework(slug))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .flatMap(name -> {
                    if (name == null) {
                        throw new ProblemException(
                                404,
                                "not-found",
                                "Not Found",
                                "no measured framework has the slug '" + slug + "'; GET /api/frameworks lists them",
                                "slug");
                    }
                    return answer.apply(name);
                });
    }
}
