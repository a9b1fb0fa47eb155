package dev.podium.agent;

import dev.podium.agent.AgentRecords.AgentView;
import dev.podium.agent.AgentRecords.Enrolled;
import dev.podium.agent.AgentRecords.Enrolment;
import jakarta.ws.rs.Consumes;
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
import org.eclipse.microprofile.openapi.annotations.Operation;

/** Agent enrolment (admin) and the public view of an agent's key. */
@Path("/api/agents")
@Produces(MediaType.APPLICATION_JSON)
public class AgentResource {

    private final AgentService agents;
    private final AdminGuard admin;

    AgentResource(AgentService agents, AdminGuard admin) {
        this.agents = agents;
        this.admin = admin;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Enrol an agent's Ed25519 public key (admin token required)")
    public Response enrol(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, Enrolment enrolment) {
        admin.check(authorization);
        Enrolled enrolled = agents.enrol(enrolment);
        return Response.created(URI.create("/api/agents/" + enrolled.id())).entity(enrolled).build();
    }

    @POST
    @Path("/{id}/revoke")
    @Operation(summary = "Revoke an agent's key: its new submissions are refused, its stored runs stay (admin token required)")
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
