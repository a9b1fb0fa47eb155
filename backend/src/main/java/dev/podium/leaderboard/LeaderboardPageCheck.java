package dev.podium.leaderboard;

import dev.podium.common.RoutePageCheck;
import dev.podium.common.RunSchema;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;

/**
 * /leaderboard/:scenario of no scenario of the run schema (nor the composite board) answers 404; a scenario nobody
 * measured yet is a page, which says so.
 */
@ApplicationScoped
public class LeaderboardPageCheck extends RoutePageCheck {

    /** The composite board of every scenario (frontend LeaderboardView), a page beside the scenarios' own. */
    static final String COMPOSITE = "composite";

    @Override
    protected String route() {
        return "leaderboard";
    }

    @Override
    protected boolean found(Map<String, String> params) {
        String scenario = params.get("scenario");
        return RunSchema.SCENARIOS.contains(scenario) || COMPOSITE.equals(scenario);
    }
}
