package dev.podium.common;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The site's scripts and style sheets compressed, as the browser asks: the frontend's build writes each one also as
 * {@code .br} (Brotli, quality 11) and {@code .gz} (gzip, level 9) beside it (vite-plugin-compression2), and this route
 * answers a GET or HEAD of {@code /assets/<file>} with the copy the request's Accept-Encoding takes (Brotli first), with
 * {@code Content-Encoding} and {@code Vary: Accept-Encoding}. Nothing is compressed per request. A client that takes
 * neither, a range request and a file with no compressed copy get Quarkus's static handler as before (with {@code
 * Vary}). The cache headers are SecurityHeadersRoute's: immutable for a year, the names being content-hashed.
 */
@ApplicationScoped
public class PrecompressedAssets {

    private static final String ROOT = "META-INF/resources";

    /** The media types of the files the build compresses (vite.config.ts), as Quarkus's static handler sends them. */
    private static final Map<String, String> TYPES =
            Map.of("js", "text/javascript;charset=UTF-8", "css", "text/css;charset=UTF-8");

    /** The compressed copies of one asset (null where the build wrote none) and its media type. */
    record Copies(Buffer br, Buffer gzip, String type) {}

    /** Per asset path that exists: its copies, read once (the site's are well under a megabyte together). */
    private final Map<String, Optional<Copies>> copies = new ConcurrentHashMap<>();

    void register(@Observes Router router) {
        // after the security headers (order -2000), before Quarkus's static handler
        router.route("/assets/*")
                .method(HttpMethod.GET)
                .method(HttpMethod.HEAD)
                .order(-100)
                .handler(this::serve);
    }

    private void serve(RoutingContext ctx) {
        ctx.response().headers().add(HttpHeaders.VARY, "Accept-Encoding");
        String path = ctx.normalizedPath();
        Copies found = ctx.request().getHeader("Range") != null ? null : copiesOf(path);
        String encoding = found == null
                ? null
                : chosen(
                        ctx.request().getHeader(HttpHeaders.ACCEPT_ENCODING), found.br() != null, found.gzip() != null);
        if (encoding == null) {
            ctx.next();
            return;
        }
        Buffer body = encoding.equals("br") ? found.br() : found.gzip();
        ctx.response()
                .putHeader(HttpHeaders.CONTENT_TYPE, found.type())
                .putHeader(HttpHeaders.CONTENT_ENCODING, encoding)
                // a HEAD too says how long the GET's body is (Vert.x leaves it out of a HEAD's answer otherwise)
                .putHeader(HttpHeaders.CONTENT_LENGTH, String.valueOf(body.length()))
                .end(body);
    }

    private Copies copiesOf(String path) {
        Optional<Copies> known = copies.get(path);
        if (known != null) {
            return known.orElse(null);
        }
        String type = TYPES.get(path.substring(path.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT));
        if (type == null || path.contains("..") || resource(path) == null) {
            return null; // not a file the build compresses, or no such asset (not kept): the static handler answers
        }
        return copies.computeIfAbsent(path, p -> {
                    Buffer br = bytes(p + ".br");
                    Buffer gzip = bytes(p + ".gz");
                    return br == null && gzip == null ? Optional.empty() : Optional.of(new Copies(br, gzip, type));
                })
                .orElse(null);
    }

    private static java.net.URL resource(String path) {
        return Thread.currentThread().getContextClassLoader().getResource(ROOT + path);
    }

    private static Buffer bytes(String path) {
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(ROOT + path)) {
            return in == null ? null : Buffer.buffer(in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The coding to send for this Accept-Encoding (RFC 9110, 12.5.3): br or gzip, whichever the client weighs higher
     * (q, 1 when not given; {@code *} stands for a coding not named), br on a tie; null when it takes neither that the
     * build wrote.
     */
    static String chosen(String acceptEncoding, boolean hasBr, boolean hasGzip) {
        if (acceptEncoding == null || acceptEncoding.isBlank()) {
            return null;
        }
        double br = -1;
        double gzip = -1;
        double any = -1;
        for (String item : acceptEncoding.split(",")) {
            String[] parts = item.split(";");
            String coding = parts[0].trim().toLowerCase(Locale.ROOT);
            double q = 1;
            for (int i = 1; i < parts.length; i++) {
                String param = parts[i].trim();
                if (param.regionMatches(true, 0, "q=", 0, 2)) {
                    try {
                        q = Double.parseDouble(param.substring(2).trim());
                    } catch (NumberFormatException e) {
                        q = 0;
                    }
                }
            }
            switch (coding) {
                case "br" -> br = q;
                case "gzip", "x-gzip" -> gzip = Math.max(gzip, q);
                case "*" -> any = q;
                default -> {}
            }
        }
        double brQ = hasBr ? (br >= 0 ? br : any) : 0;
        double gzipQ = hasGzip ? (gzip >= 0 ? gzip : any) : 0;
        if (brQ <= 0 && gzipQ <= 0) {
            return null;
        }
        return brQ >= gzipQ ? "br" : "gzip";
    }
}
