package dev.podium.framework;

import dev.podium.common.ProblemException;
import dev.podium.read.Answers;
import dev.podium.read.QueryParams;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** GET /api/frameworks/{slug}: everything the site's page of one framework shows. */
@Path("/api/frameworks/{slug}")
@Tag(name = "frameworks", description = "One framework: its targets, figures, history, neighbours and badges")
public class FrameworkPageResource {

    @Inject
    FrameworkPages pages;

    @Inject
    Answers answers;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(
            summary = "A framework's page",
            description = "The framework's targets (one per I/O model) with the"
                    + " suite's notes, tuning and a link to their source; per scenario its leaderboard rows (closed loop, the"
                    + " leaderboard's default host class and vCPUs) with 95% intervals, repeats and cost, the frameworks ranked"
                    + " just above and below, the throughput of its last 50 runs, and its badge. The slug is the name in lower"
                    + " case with every run of other characters as one dash (Spring MVC: spring-mvc); the name itself, in any"
                    + " case, is accepted too.")
    @APIResponse(
            responseCode = "200",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = FrameworkPage.class)))
    @APIResponse(
            responseCode = "404",
            description = "No measured framework has this slug; `field` is slug",
            content = @Content(mediaType = "application/problem+json"))
    public Uni<Response> page(
            @Context UriInfo uri,
            @Parameter(description = "the framework's slug", example = "spring-mvc") @PathParam("slug") String slug) {
        QueryParams.of(uri, Set.of());
        String base = uri.getBaseUri().toString().replaceAll("/+$", "");
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
                    return answers.json("framework-page\u0000" + name + "\u0000" + base, () -> pages.page(name, base));
                });
    }
}
