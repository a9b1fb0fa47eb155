package dev.podium.common;

import java.util.Map;

/**
 * Whether the subject of a site page exists (the framework of /frameworks/:slug, ...), so that the page of an unknown
 * one answers HTTP 404. route: the route's name in frontend/src/router/paths.json; params: its path parameters, decoded.
 */
public interface SitePageCheck {

    /** false only when this check knows the subject is missing; true for routes it does not look at. */
    boolean exists(String route, Map<String, String> params);
}
