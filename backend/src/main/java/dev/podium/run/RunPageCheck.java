package dev.podium.run;

import dev.podium.common.RoutePageCheck;
import dev.podium.read.CellQueries;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.UUID;
import lombok.RequiredArgsConstructor;

/** /runs/:id of a run the service does not hold (or of no run id at all) answers 404, as GET /api/runs/{id} does. */
@ApplicationScoped
@RequiredArgsConstructor
public class RunPageCheck extends RoutePageCheck {

    private final CellQueries queries;

    @Override
    protected String route() {
        return "run";
    }

    @Override
    protected boolean found(Map<String, String> params) {
        UUID id = uuid(params, "id");
        return id != null && queries.runExists(id);
    }
}
