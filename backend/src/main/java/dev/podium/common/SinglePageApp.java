package dev.podium.common;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The built frontend's index.html (from ../frontend/dist), answered for history-mode routes such as /runs/<id>: with
 * status 200 for a route of the site (frontend/src/router/paths.json, the list the site's router is built from) whose
 * subject exists as far as a {@link SitePageCheck} knows, else with status 404 (the page then says what is missing).
 */
@ApplicationScoped
public class SinglePageApp {

    private static final String INDEX = "META-INF/resources/index.html";
    private static final String ROUTES = "site/paths.json";
    private static final Pattern PARAM = Pattern.compile(":([A-Za-z][A-Za-z0-9]*)");

    /** The page and its status: 404 for a path that is no route of the site, or whose subject does not exist. */
    public record Answer(byte[] body, int status) {}

    /** One route: its name in paths.json, its pattern and the names of its parameters. */
    record Route(String name, Pattern pattern, List<String> params) {}

    private final byte[] index;
    private final List<Route> routes;
    private final Instance<SitePageCheck> checks;

    @Inject
    SinglePageApp(Instance<SitePageCheck> checks) {
        this(read(INDEX), routes(read(ROUTES)), checks);
    }

    SinglePageApp(byte[] index, List<Route> routes, Instance<SitePageCheck> checks) {
        this.index = index;
        this.routes = routes;
        this.checks = checks;
    }

    /**
     * The page, when the frontend was built into this service and the request is for a page of the site: outside /api
     * and /q, not a file (no dot in the last segment), and not from a client that accepts JSON only. A deep link
     * fetched by curl (which accepts any type), a crawler or a link checker gets the site, as a browser does.
     */
    public Optional<Answer> indexFor(String path, String accept) {
        boolean appPath =
                !path.startsWith("/api/") && !path.equals("/api") && !path.startsWith("/q/") && !path.equals("/q");
        boolean file = path.substring(path.lastIndexOf('/') + 1).contains(".");
        if (index == null || !appPath || file || jsonOnly(accept)) {
            return Optional.empty();
        }
        return Optional.of(new Answer(index, known(path) ? 200 : 404));
    }

    /** A route of the site whose subject (a framework, ...) every check knows of. */
    boolean known(String path) {
        for (Route route : routes) {
            Matcher m = route.pattern().matcher(path);
            if (!m.matches()) {
                continue;
            }
            Map<String, String> params = new LinkedHashMap<>();
            for (int i = 0; i < route.params().size(); i++) {
                params.put(
                        route.params().get(i),
                        URLDecoder.decode(m.group(i + 1).replace("+", "%2B"), StandardCharsets.UTF_8));
            }
            for (SitePageCheck check : checks) {
                if (!check.exists(route.name(), params)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    /**
     * paths.json ({"name": "/path/:param", ...}) as patterns: a parameter is one non-empty segment; a trailing slash
     * and letter case do not matter, as in vue-router.
     */
    static List<Route> routes(byte[] json) {
        if (json == null) {
            return List.of();
        }
        Map<String, String> paths;
        try {
            paths = new ObjectMapper().readValue(json, new TypeReference<LinkedHashMap<String, String>>() {});
        } catch (IOException e) {
            throw new UncheckedIOException("read " + ROUTES, e);
        }
        List<Route> out = new ArrayList<>();
        paths.forEach((name, path) -> {
            StringBuilder regex = new StringBuilder();
            List<String> params = new ArrayList<>();
            Matcher m = PARAM.matcher(path);
            int at = 0;
            while (m.find()) {
                regex.append(Pattern.quote(path.substring(at, m.start()))).append("([^/]+)");
                params.add(m.group(1));
                at = m.end();
            }
            String rest = path.substring(at);
            if (!rest.isEmpty()) {
                regex.append(Pattern.quote(rest.endsWith("/") ? rest.substring(0, rest.length() - 1) : rest));
            }
            regex.append("/?");
            out.add(new Route(name, Pattern.compile(regex.toString(), Pattern.CASE_INSENSITIVE), List.copyOf(params)));
        });
        return List.copyOf(out);
    }

    private static byte[] read(String resource) {
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(resource)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
