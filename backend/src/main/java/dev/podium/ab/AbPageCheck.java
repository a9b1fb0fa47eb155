package dev.podium.ab;

import dev.podium.common.RoutePageCheck;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.UUID;
import lombok.RequiredArgsConstructor;

/** /ab/:id of a comparison the service does not hold (or of no UUID at all) answers 404, as GET /api/ab/{id} does. */
@ApplicationScoped
@RequiredArgsConstructor
public class AbPageCheck extends RoutePageCheck {

    private final AbQueries queries;

    @Override
    protected String route() {
        return "ab";
    }

    @Override
    protected boolean found(Map<String, String> params) {
        UUID id = uuid(params, "id");
        return id != null && queries.exists(id);
    }
}
