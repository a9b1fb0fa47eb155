package dev.podium.webhook;

import dev.podium.agent.AdminGuard;
import dev.podium.common.ProblemException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.List;
import lombok.RequiredArgsConstructor;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponses;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Outgoing webhooks of change points and their deliveries (admin token required). */
@Path("/api/webhooks")
@Tag(name = "changes")
@Produces(MediaType.APPLICATION_JSON)
@RequiredArgsConstructor
public class WebhookResource {

    /** What an admin posts. */
    public record Registration(String url) {}

    /** A webhook without its secret. */
    public record Listed(long id, String url, java.time.OffsetDateTime createdAt) {}

    private final Webhooks webhooks;
    private final DeliveryLog deliveries;
    private final WebhookDeliveries outbox;
    private final AdminGuard admin;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Register a receiver of change points; the answer holds its signing secret, shown only once")
    @APIResponses({
        @APIResponse(
                responseCode = "201",
                description = "registered; Location names the webhook",
                content =
                        @Content(
                                mediaType = MediaType.APPLICATION_JSON,
                                schema = @Schema(implementation = Webhooks.Webhook.class))),
        @APIResponse(
                responseCode = "400",
                description =
                        "malformed body, or url is no absolute http(s) URL of at most 2000 characters; `field` names it"),
        @APIResponse(responseCode = "401", description = "no admin token given"),
        @APIResponse(responseCode = "403", description = "a wrong admin token, or none is configured on the service"),
        @APIResponse(responseCode = "409", description = "a webhook is registered for this url already"),
        @APIResponse(responseCode = "415", description = "the body is not application/json")
    })
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

    @GET
    @Path("/{id}/deliveries")
    @Operation(
            summary = "A webhook's deliveries, newest first, each with its status, attempts, last error and next try")
    public List<DeliveryLog.WebhookDelivery> deliveries(
            @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            @PathParam("id") String id,
            @QueryParam("status") String status,
            @QueryParam("limit") String limit) {
        admin.check(authorization);
        long hook = id(id, "id");
        if (status != null && !DeliveryLog.STATUSES.contains(status)) {
            throw ProblemException.badRequest(
                    "invalid-status", "'status' must be one of " + String.join(", ", DeliveryLog.STATUSES), "status");
        }
        int n = 100;
        if (limit != null) {
            try {
                n = Integer.parseInt(limit);
            } catch (NumberFormatException e) {
                n = -1;
            }
            if (n < 1 || n > 1000) {
                throw ProblemException.badRequest(
                        "invalid-limit", "'limit' must be a whole number from 1 to 1000", "limit");
            }
        }
        known(hook);
        return deliveries.list(hook, status, n);
    }

    @GET
    @Path("/{id}/deliveries/{deliveryId}")
    @Operation(summary = "One delivery of a webhook, with every attempt")
    public DeliveryLog.WebhookDelivery delivery(
            @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            @PathParam("id") String id,
            @PathParam("deliveryId") String deliveryId) {
        DeliveryRef ref = deliveryRef(authorization, id, deliveryId);
        return deliveries.one(ref.hook(), ref.delivery()).orElseThrow(ref::notFound);
    }

    @POST
    @Path("/{id}/deliveries/{deliveryId}/redeliver")
    @Operation(
            summary =
                    "Send a delivery again, at once and with the whole retry schedule ahead, under the same webhook-id")
    public Response redeliver(
            @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
            @PathParam("id") String id,
            @PathParam("deliveryId") String deliveryId) {
        DeliveryRef ref = deliveryRef(authorization, id, deliveryId);
        DeliveryLog.WebhookDelivery queued =
                deliveries.redeliver(ref.hook(), ref.delivery()).orElseThrow(ref::notFound);
        outbox.nudge();
        return Response.accepted(queued).build();
    }

    /** A delivery of a webhook as the path names it. */
    private record DeliveryRef(long hook, long delivery) {
        ProblemException notFound() {
            return ProblemException.notFound("webhook " + hook + " has no delivery " + delivery);
        }
    }

    /** The delivery the path names, for the admin only; a path id that is no positive whole number is a 400. */
    private DeliveryRef deliveryRef(String authorization, String id, String deliveryId) {
        admin.check(authorization);
        return new DeliveryRef(id(id, "id"), id(deliveryId, "deliveryId"));
    }

    private static long id(String value, String field) {
        try {
            long id = Long.parseLong(value);
            if (id > 0) {
                return id;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw ProblemException.badRequest("invalid-id", "'" + field + "' must be a positive whole number", field);
    }

    private void known(long hook) {
        if (webhooks.list().stream().noneMatch(h -> h.id() == hook)) {
            throw ProblemException.notFound("no webhook " + hook);
        }
    }
}
