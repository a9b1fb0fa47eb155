package dev.podium.ab;

import dev.podium.common.SitePageCheck;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.UUID;

/** /ab/:id of a comparison the service does not hold (or of no UUID at all) answers 404, as GET /api/ab/{id} does. */
@ApplicationScoped
public class AbPageCheck implements SitePageCheck {

    private final AbQueries queries;

    AbPageCheck(AbQueries queries) {
        this.queries = queries;
    }

    @Override
    public boolean exists(String route, Map<String, String> params) {
        if (!route.equals("ab")) {
            return true;
        }
        UUID id;
        try {
            id = UUID.fromString(params.get("id"));
        } catch (IllegalArgumentException e) {
            return false;
        }
        try {
            return queries.exists(id);
        } catch (RuntimeException e) {
            return true; // the database is unreachable: the page loads and says so itself
        }
    }
}
