package dev.podium.framework;

import dev.podium.common.RoutePageCheck;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import lombok.RequiredArgsConstructor;

/** /frameworks/:slug of a framework the service has no results of answers 404 (as GET /api/frameworks/{slug} does). */
@ApplicationScoped
@RequiredArgsConstructor
public class FrameworkPageCheck extends RoutePageCheck {

    private final FrameworkPages pages;

    @Override
    protected String route() {
        return "framework";
    }

    @Override
    protected boolean found(Map<String, String> params) {
        return pages.framework(params.get("slug")) != null;
    }
}
