package dev.podium.agent;

import dev.podium.agent.AgentRecords.AgentView;
import dev.podium.agent.AgentRecords.Enrolled;
import dev.podium.agent.AgentRecords.Enrolment;
import jakarta.ws.rs.BeanParam;
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
import lombok.RequiredArgsConstructor;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponses;

/** Agent enrolment (admin) and the public view of an agent's key. */
@Path("/api/agents")
@Produces(MediaType.APPLICATION_JSON)
@RequiredArgsConstructor
public class AgentResource {

    private final AgentService agents;
    private final AdminGuard admin;

    @POST
    @Operation(summary = "Enrol an agent's Ed25519 public key (admin token required)")
    @RequestBody(
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = Enrolment.class)))
    @APIResponses({
        @APIResponse(
                responseCode = "201",
                description = "enrolled; Location names the agent",
                content =
                        @Content(
                                mediaType = MediaType.APPLICATION_JSON,
                                schema = @Schema(implementation = Enrolled.class))),
        @APIResponse(responseCode = "400", description = "malformed body; `field` names it"),
        @APIResponse(responseCode = "401", description = "no admin token given"),
        @APIResponse(responseCode = "403", description = "a wrong admin token, or none is configured on the service"),
        @APIResponse(responseCode = "409", description = "this public key is already enrolled"),
        @APIResponse(responseCode = "415", description = "the body is not application/json"),
        @APIResponse(responseCode = "422", description = "invalid name or public key; `field` names it")
    })
    public Response enrol(@BeanParam AdminPost post, byte[] body) {
        Enrolled enrolled = agents.enrol(Enrolments.parse(post.checked(admin, body)));
        return Response.created(URI.create("/api/agents/" + enrolled.id()))
                .entity(enrolled)
                .build();
    }

    @POST
    @Path("/{id}/revoke")
    @Operation(
            summary =
                    "Revoke an agent's key: its new submissions are refused, its stored runs stay (admin token required)")
    public AgentView revoke(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, @PathParam("id") long id) {
        admin.check(authorization);
        return agents.revoke(id);
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "An agent's public key, to re-verify its runs' envelopes")
    public AgentView get(@PathParam("id") long id) {
        return agents.get(id);
    }
}
