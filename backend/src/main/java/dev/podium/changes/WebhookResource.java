package dev.podium.changes;

import dev.podium.agent.AdminGuard;
import dev.podium.common.ProblemException;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Outgoing webhooks of change points (admin token required). */
@Path("/api/webhooks")
@Tag(name = "changes")
@Produces(MediaType.APPLICATION_JSON)
public class WebhookResource {

    /** What an admin posts. */
    public record Registration(String url) {}

    /** A webhook without its secret. */
    public record Listed(long id, String url, java.time.OffsetDateTime createdAt) {}

    @Inject
    Webhooks webhooks;

    @Inject
    AdminGuard admin;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Register a receiver of change points; the answer holds its signing secret, shown only once")
    public Response register(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, Registration body) {
        admin.check(authorization);
        String url = body == null ? null : body.url();
        URI parsed = null;
        try {
            parsed = url == null ? null : URI.create(url);
        } catch (IllegalArgumentException e) {
            // answered below
        }
        if (parsed == null
                || parsed.getHost() == null
                || url.length() > 2000
                || !("http".equals(parsed.getScheme()) || "https".equals(parsed.getScheme()))) {
            throw ProblemException.badRequest(
                    "invalid-webhook-url",
                    "'url' must be an absolute http or https URL of at most 2000 characters",
                    "url");
        }
        Webhooks.Webhook hook = webhooks.register(url);
        return Response.created(URI.create("/api/webhooks/" + hook.id()))
                .entity(hook)
                .build();
    }

    @GET
    @Operation(summary = "The registered receivers, without their secrets")
    public List<Listed> list(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization) {
        admin.check(authorization);
        return webhooks.list().stream()
                .map(h -> new Listed(h.id(), h.url(), h.createdAt()))
                .toList();
    }

    @DELETE
    @Path("/{id}")
    @Operation(summary = "Remove a receiver")
    public Response delete(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") long id) {
        admin.check(authorization);
        if (!webhooks.delete(id)) {
            throw ProblemException.notFound("no webhook " + id);
        }
        return Response.noContent().build();
    }
}
