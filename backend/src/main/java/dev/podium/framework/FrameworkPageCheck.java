package dev.podium.framework;

import dev.podium.common.RoutePageCheck;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;

/** /frameworks/:slug of a framework the service has no results of answers 404 (as GET /api/frameworks/{slug} does). */
@ApplicationScoped
public class FrameworkPageCheck extends RoutePageCheck {

    private final FrameworkPages pages;

    @Inject
    FrameworkPageCheck(FrameworkPages pages) {
        this.pages = pages;
    }

    @Override
    protected String route() {
        return "framework";
    }

    @Override
    protected boolean found(Map<String, String> params) {
        return pages.framework(params.get("slug")) != null;
    }
}
