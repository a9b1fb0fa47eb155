package dev.podium.leaderboard;

import dev.podium.common.RunSchema;
import dev.podium.common.SitePageCheck;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;

/**
 * /leaderboard/:scenario of no scenario of the run schema (nor the composite board) answers 404; a scenario nobody
 * measured yet is a page, which says so.
 */
@ApplicationScoped
public class LeaderboardPageCheck implements SitePageCheck {

    /** The composite board of every scenario (frontend LeaderboardView), a page beside the scenarios' own. */
    static final String COMPOSITE = "composite";

    @Override
    public boolean exists(String route, Map<String, String> params) {
        if (!route.equals("leaderboard")) {
            return true;
        }
        String scenario = params.get("scenario");
        return RunSchema.SCENARIOS.contains(scenario) || COMPOSITE.equals(scenario);
    }
}
