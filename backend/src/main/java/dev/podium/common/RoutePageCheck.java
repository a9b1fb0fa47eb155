package dev.podium.common;

import java.sql.SQLException;
import java.util.Map;
import java.util.UUID;

/**
 * A {@link SitePageCheck} of one route, produced by the feature that owns the route: every other route's page exists
 * as far as it knows, and so does its own when the look-up fails (the database is unreachable: the page loads and says
 * so itself); its page is missing only when the look-up says so.
 *
 * @param route the route's name in frontend/src/router/paths.json
 * @param lookup whether the subject the path parameters name exists
 */
public record RoutePageCheck(String route, Lookup lookup) implements SitePageCheck {

    /** Whether the subject the path parameters name exists; an exception when that cannot be told. */
    @FunctionalInterface
    public interface Lookup {
        boolean found(Map<String, String> params) throws SQLException;
    }

    @Override
    public boolean exists(String route, Map<String, String> params) {
        if (!route.equals(this.route)) {
            return true;
        }
        try {
            return lookup.found(params);
        } catch (SQLException | RuntimeException e) {
            return true; // the database is unreachable: the page loads and says so itself
        }
    }

    /** The path parameter {@code name} as a UUID; null when it is not one (ids are UUIDs: nothing has it). */
    public static UUID uuid(Map<String, String> params, String name) {
        String value = params.get(name);
        if (value == null) {
            return null;
        }
        try {
            return UUID.fromString(value);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
