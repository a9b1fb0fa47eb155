package dev.podium.part;

import dev.podium.common.ProblemException;
import dev.podium.read.QueryParams;
import dev.podium.replica.ReplicaRead;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.util.UUID;
import lombok.RequiredArgsConstructor;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** GET /api/runs/{id}/parts: the run a stored run is a part of, as one run. */
@Path("/api/runs/{id}/parts")
@Produces(MediaType.APPLICATION_JSON)
@RequiredArgsConstructor
public class RunPartsResource {

    private final RunPartsQuery parts;

    @GET
    @ReplicaRead
    @Operation(
            summary = "The run a run is a part of, as one run: its parts, the targets done, failed and not measured,"
                    + " complete or interrupted",
            description = "id is a part's runId or the run's own id (part.runId); a whole run answers complete, with"
                    + " no parts.")
    public RunPartsView parts(@Context UriInfo uri, @Context ResourceInfo endpoint, @PathParam("id") String id) {
        QueryParams.of(uri, endpoint); // no query parameter: an unknown one is 400
        UUID run = ProblemException.uuidOrNotFound(id, "no run " + id + " (run ids are UUIDs)");
        return parts.view(run);
    }
}
