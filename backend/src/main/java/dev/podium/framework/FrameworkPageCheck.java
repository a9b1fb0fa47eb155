package dev.podium.framework;

import dev.podium.common.SitePageCheck;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;

/** /frameworks/:slug of a framework the service has no results of answers 404 (as GET /api/frameworks/{slug} does). */
@ApplicationScoped
public class FrameworkPageCheck implements SitePageCheck {

    private final FrameworkPages pages;

    @Inject
    FrameworkPageCheck(FrameworkPages pages) {
        this.pages = pages;
    }

    @Override
    public boolean exists(String route, Map<String, String> params) {
        if (!route.equals("framework")) {
            return true;
        }
        try {
            return pages.framework(params.get("slug")) != null;
        } catch (RuntimeException e) {
            return true; // the database is unreachable: the page loads and says so itself
        }
    }
}
