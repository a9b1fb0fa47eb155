package dev.podium.common;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;

/** The built frontend's index.html (from ../frontend/dist), answered for history-mode routes such as /runs/<id>. */
@ApplicationScoped
public class SinglePageApp {

    private static final String INDEX = "META-INF/resources/index.html";

    private final byte[] index;

    SinglePageApp() {
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(INDEX)) {
            index = in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The page, when the frontend was built into this service and the request is for a site route: outside /api and
     * /q, not a file (no dot in the last segment), and not from a client that accepts JSON only. A deep link fetched
     * by curl (which accepts any type), a crawler or a link checker gets the site, as a browser does.
     */
    public Optional<byte[]> indexFor(String path, String accept) {
        boolean appPath =
                !path.startsWith("/api/") && !path.equals("/api") && !path.startsWith("/q/") && !path.equals("/q");
        boolean file = path.substring(path.lastIndexOf('/') + 1).contains(".");
        return index != null && appPath && !file && !jsonOnly(accept) ? Optional.of(index) : Optional.empty();
    }

    /** An Accept header that names JSON types only (application/json, application/problem+json, ...). */
    static boolean jsonOnly(String accept) {
        if (accept == null || accept.isBlank()) {
            return false;
        }
        for (String range : accept.split(",")) {
            String type = range.split(";", 2)[0].trim().toLowerCase(java.util.Locale.ROOT);
            if (!type.isEmpty() && !type.equals("application/json") && !type.endsWith("+json")) {
                return false;
            }
        }
        return true;
    }
}
