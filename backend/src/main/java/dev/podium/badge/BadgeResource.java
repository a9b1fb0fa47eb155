package dev.podium.badge;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.common.ProblemException;
import dev.podium.read.QueryParams;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Set;
import lombok.RequiredArgsConstructor;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** GET /api/badges/{slug}/{scenario}.svg and .json: a framework's badge for READMEs, cacheable. */
@Path("/api/badges/{slug}/{file}")
@Tag(name = "badges", description = "Badges for a framework's README")
@RequiredArgsConstructor
public class BadgeResource {

    static final String SVG = "image/svg+xml";
    /** Badges follow new runs within five minutes; the ETag lets a cache revalidate for free. */
    static final String CACHE_CONTROL = "public, max-age=300";

    private final Badges badges;
    private final ObjectMapper json;

    @GET
    @Produces({SVG, MediaType.APPLICATION_JSON})
    @Operation(
            summary = "A framework's badge in one scenario",
            description =
                    "`<scenario>.svg`: a flat badge with the"
                            + " framework's rank on the scenario's leaderboard (closed loop, default host class and vCPUs), its"
                            + " throughput with the half-width of its 95% interval and the JVM starts that interval spans"
                            + " (\"(one start)\": the noise between starts is not in it; \"(3 starts)\"), the SVG's title"
                            + " saying so in words, and the direction of the newest throughput change"
                            + " point of that series (↑ ↓, → none); an unknown framework or scenario gets a grey badge saying so, with"
                            + " status 404. `<scenario>.json`: the same in shields.io's endpoint format (schemaVersion, label,"
                            + " message, color); unknown: 404 problem+json. Both with Cache-Control and a strong ETag (If-None-Match: 304).")
    @APIResponse(
            responseCode = "200",
            content = {@Content(mediaType = SVG), @Content(mediaType = MediaType.APPLICATION_JSON)})
    @APIResponse(responseCode = "304", description = "If-None-Match matched the badge's ETag")
    @APIResponse(
            responseCode = "404",
            description = "Unknown framework, scenario or extension (SVG: a badge saying"
                    + " so; JSON: problem+json naming `slug` or `scenario`)")
    public Uni<Response> badge(
            @Context UriInfo uri,
            @Context HttpHeaders headers,
            @Parameter(description = "the framework's slug", example = "spring-mvc") @PathParam("slug") String slug,
            @Parameter(description = "scenario and format", example = "plaintext.svg") @PathParam("file") String file) {
        QueryParams.of(uri, Set.of());
        boolean svg = file.endsWith(".svg");
        if (!svg && !file.endsWith(".json")) {
            throw new ProblemException(
                    404,
                    "not-found",
                    "Not Found",
                    "a badge is <scenario>.svg or <scenario>.json, not '" + file + "'",
                    "scenario");
        }
        String scenario = file.substring(0, file.lastIndexOf('.'));
        return Uni.createFrom()
                .item(() -> badges.badge(slug, scenario))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .map(result -> respond(result, svg, slug, scenario, headers));
    }

    private Response respond(Badges.Result result, boolean svg, String slug, String scenario, HttpHeaders headers) {
        if (!result.found() && !svg) {
            boolean noFramework = result.badge().message().startsWith("unknown framework");
            throw new ProblemException(
                    404,
                    "not-found",
                    "Not Found",
                    result.badge().label() + ": " + result.badge().message(),
                    noFramework ? "slug" : "scenario");
        }
        byte[] body = svg ? result.badge().svg() : endpointJson(result.badge());
        EntityTag etag = new EntityTag(sha256(body));
        String given = headers.getHeaderString(HttpHeaders.IF_NONE_MATCH);
        Response.ResponseBuilder answer;
        if (result.found()
                && given != null
                && (given.contains(etag.toString()) || given.trim().equals("*"))) {
            answer = Response.notModified(etag);
        } else {
            answer = Response.status(result.found() ? 200 : 404)
                    .entity(body)
                    .type(svg ? SVG + ";charset=UTF-8" : MediaType.APPLICATION_JSON)
                    .tag(etag);
        }
        return answer.header(HttpHeaders.CACHE_CONTROL, result.found() ? CACHE_CONTROL : "public, max-age=60")
                .build();
    }

    private byte[] endpointJson(Badge badge) {
        try {
            return json.writeValueAsBytes(badge.endpoint());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("render a badge", e);
        }
    }

    private static String sha256(byte[] body) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
