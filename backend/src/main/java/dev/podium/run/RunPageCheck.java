package dev.podium.run;

import dev.podium.common.SitePageCheck;
import dev.podium.read.CellQueries;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.UUID;

/** /runs/:id of a run the service does not hold (or of no run id at all) answers 404, as GET /api/runs/{id} does. */
@ApplicationScoped
public class RunPageCheck implements SitePageCheck {

    private final CellQueries queries;

    RunPageCheck(CellQueries queries) {
        this.queries = queries;
    }

    @Override
    public boolean exists(String route, Map<String, String> params) {
        if (!route.equals("run")) {
            return true;
        }
        UUID id;
        try {
            id = UUID.fromString(params.get("id"));
        } catch (IllegalArgumentException e) {
            return false; // run ids are UUIDs
        }
        try {
            return queries.runExists(id);
        } catch (RuntimeException e) {
            return true; // the database is unreachable: the page loads and says so itself
        }
    }
}
