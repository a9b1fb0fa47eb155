package dev.podium.runhost;

import dev.podium.common.ProblemException;
import dev.podium.read.QueryParams;
import dev.podium.replica.Replica;
import dev.podium.replica.ReplicaRead;
import jakarta.persistence.EntityManager;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import lombok.RequiredArgsConstructor;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** GET /api/runs/{id}/host: a run's host and settings in a few hundred bytes, for the line under a leaderboard. */
@Path("/api/runs/{id}/host")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "runs")
@RequiredArgsConstructor
public class RunHostResource {

    private final Replica replica;

    @GET
    @ReplicaRead
    @Operation(
            summary = "The host and settings a run was measured with",
            description = "Its host (CPU, vCPUs, the CPUs of the targets and of the load generator), load generator"
                    + " and benchmark database, and per scenario how its first target cell was run (vCPUs, repeats x"
                    + " length, warm-up): what the site's leaderboard says about its newest run, without GET"
                    + " /api/runs/{id}'s cells and envelope.")
    @APIResponse(
            responseCode = "200",
            content =
                    @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = RunHost.class)))
    @APIResponse(responseCode = "404", description = "No run with that id")
    public RunHost host(@Context UriInfo uri, @Context ResourceInfo endpoint, @PathParam("id") String id) {
        QueryParams.of(uri, endpoint); // no query parameter: an unknown one is 400
        UUID run = ProblemException.uuidOrNotFound(id, "no run " + id + " (run ids are UUIDs)");
        EntityManager em = replica.entityManager();
        Object[] r = em.createQuery("""
                        select r.startedAt, r.hostClass, r.hostCpuModel, r.hostVcpus, r.hostServerCpus,
                            r.hostLoadGeneratorCpus, r.loadGeneratorTool, r.databaseServer, r.databaseCpus
                        from Run r where r.id = :id""", Object[].class)
                .setParameter("id", run)
                .getResultStream()
                .findFirst()
                .orElseThrow(() -> ProblemException.notFound("no run " + run));
        List<Object[]> cells =
                em.createQuery("""
                        select c.scenario, c.vcpus, size(c.repeats), c.durationSeconds, c.warmupSeconds
                        from Cell c where c.run.id = :id and c.baseline = false order by c.ordinal""", Object[].class).setParameter("id", run).getResultList();
        Set<String> seen = new LinkedHashSet<>();
        List<RunHost.Scenario> scenarios = new ArrayList<>();
        for (Object[] c : cells) {
            if (seen.add((String) c[0])) {
                scenarios.add(new RunHost.Scenario(
                        (String) c[0],
                        ((Number) c[1]).intValue(),
                        ((Number) c[2]).intValue(),
                        ((Number) c[3]).doubleValue(),
                        (Double) c[4]));
            }
        }
        return new RunHost(
                run,
                (Instant) r[0],
                (String) r[1],
                (String) r[2],
                ((Number) r[3]).intValue(),
                (String) r[4],
                (String) r[5],
                (String) r[6],
                r[7] == null ? null : new RunHost.Database((String) r[7], (String) r[8]),
                scenarios);
    }
}
