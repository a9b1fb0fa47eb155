package dev.podium.snapshot;

import com.fasterxml.jackson.databind.JsonNode;
import dev.podium.agent.AdminGuard;
import dev.podium.agent.AdminPost;
import dev.podium.common.ProblemException;
import dev.podium.input.AdminBody;
import dev.podium.read.Csv;
import dev.podium.read.QueryParams;
import dev.podium.replica.ReplicaRead;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
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
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import lombok.RequiredArgsConstructor;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Citable snapshots: an admin freezes the board under a slug; its JSON and CSV are stored bytes, served unchanged for
 * good. There is no update and no delete, so a citation never stops resolving or starts saying something else.
 */
@Path("/api/snapshots")
@Tag(name = "snapshots", description = "Frozen, citable boards")
@RequiredArgsConstructor
public class SnapshotResource {

    /** A frozen answer never changes: caches may keep it for a year. */
    private static final String IMMUTABLE = "public, max-age=31536000, immutable";

    private final Snapshots snapshots;
    private final AdminGuard admin;

    @POST
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(
            summary = "Freeze the board as a snapshot (admin token required)",
            description = "Stores every comparable"
                    + " group's leaderboard as GET /api/leaderboard answers it now at its defaults, the runs behind them and"
                    + " their hosts in full. The slug is permanent: a second snapshot with it is refused (409).")
    @RequestBody(
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = SnapshotDocument.Request.class)))
    @APIResponse(
            responseCode = "201",
            description = "Frozen",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = SnapshotDocument.Summary.class)))
    @APIResponse(responseCode = "400", description = "slug or title invalid; `field` names it")
    @APIResponse(responseCode = "409", description = "a snapshot with this slug exists")
    @APIResponse(responseCode = "422", description = "no run on the board to freeze")
    public Response freeze(@BeanParam AdminPost post, byte[] body) {
        SnapshotDocument.Summary frozen = snapshots.freeze(parse(post.checked(admin, body)));
        return Response.created(URI.create("/api/snapshots/" + frozen.slug()))
                .entity(frozen)
                .build();
    }

    @GET
    @ReplicaRead
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Every snapshot, newest first, with its downloads' SHA-256")
    public List<SnapshotDocument.Summary> list(@Context UriInfo uri, @Context ResourceInfo endpoint) {
        QueryParams.of(uri, endpoint); // no parameter: an unknown one is refused, as on every read endpoint
        return snapshots.list();
    }

    @GET
    @ReplicaRead
    @Path("/{slug}")
    @Produces({MediaType.APPLICATION_JSON, Csv.MEDIA_TYPE})
    @Operation(
            summary = "One snapshot, byte for byte as frozen",
            description =
                    "JSON (default) or CSV (`format=csv` or"
                            + " `Accept: text/csv`); `Repr-Digest` carries the SHA-256 of the bytes, the same as in GET /api/snapshots.")
    @APIResponseSchema(value = SnapshotDocument.class, responseDescription = "The frozen snapshot")
    @APIResponse(responseCode = "404", description = "no snapshot with this slug")
    public Response get(
            @Context UriInfo uri,
            @Context ResourceInfo endpoint,
            @Context HttpHeaders headers,
            @Parameter(description = "the snapshot's slug", example = "2026-round-1") @PathParam("slug") String slug,
            @Parameter(description = "json (default) or csv") @QueryParam("format") String format) {
        QueryParams.of(uri, endpoint);
        boolean csv = QueryParams.parseCsv(format, headers);
        Snapshots.Stored stored = stored(slug);
        byte[] bytes = csv ? stored.csv() : stored.document();
        SnapshotDocument.Download download =
                csv ? stored.summary().csv() : stored.summary().json();
        return Response.ok(bytes, csv ? "text/csv;charset=UTF-8" : MediaType.APPLICATION_JSON)
                .header(
                        "Repr-Digest",
                        "sha-256=:"
                                + Base64.getEncoder()
                                        .encodeToString(HexFormat.of().parseHex(download.sha256())) + ":")
                .header(HttpHeaders.ETAG, "\"" + download.sha256() + "\"")
                .header(HttpHeaders.CACHE_CONTROL, IMMUTABLE)
                .header("Content-Disposition", "inline; filename=\"" + download.fileName() + "\"")
                .build();
    }

    @GET
    @ReplicaRead
    @Path("/{slug}/sha256sums")
    @Produces(MediaType.TEXT_PLAIN)
    @Operation(summary = "The downloads' SHA-256 in sha256sum's format, to check them with `sha256sum -c`")
    @APIResponse(responseCode = "404", description = "no snapshot with this slug")
    public Response sums(@PathParam("slug") String slug) {
        SnapshotDocument.Summary s = stored(slug).summary();
        String text = s.json().sha256() + "  " + s.json().fileName() + "\n"
                + s.csv().sha256() + "  " + s.csv().fileName() + "\n";
        return Response.ok(text.getBytes(StandardCharsets.UTF_8), "text/plain;charset=UTF-8")
                .header(HttpHeaders.CACHE_CONTROL, IMMUTABLE)
                .build();
    }

    private Snapshots.Stored stored(String slug) {
        return snapshots
                .find(slug)
                .orElseThrow(() -> new ProblemException(
                        404, "not-found", "Not found", "no snapshot named '" + slug + "'", "slug"));
    }

    /** {slug, title}, strictly: no duplicate keys, no other members, nothing after the object. */
    private static SnapshotDocument.Request parse(byte[] body) {
        JsonNode root = AdminBody.object(body, "{slug, title}");
        root.fieldNames().forEachRemaining(name -> {
            if (!name.equals("slug") && !name.equals("title")) {
                throw ProblemException.badRequest(
                        "malformed-body", "unknown member '" + name + "'; the body is {slug, title}", name);
            }
        });
        return new SnapshotDocument.Request(AdminBody.text(root, "slug"), AdminBody.text(root, "title"));
    }
}
