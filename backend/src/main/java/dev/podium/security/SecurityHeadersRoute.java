package dev.podium.security;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Headers on every answer (site, API, health): a Content-Security-Policy without inline script, no MIME sniffing, no
 * framing, no referrer to other sites; and caching that shows a deploy at once: the page shell is revalidated on every
 * load, the content-hashed files under /assets/ are immutable.
 */
@ApplicationScoped
public class SecurityHeadersRoute {

    /** ECharts and Vue set element styles from script, which style-src 'unsafe-inline' allows; no script is inline. */
    public static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; "
            + "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; "
            + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    public static final String IMMUTABLE = "public, max-age=31536000, immutable";

    void register(@Observes Router router) {
        router.route().order(-2000).handler(this::addHeaders);
    }

    private void addHeaders(RoutingContext ctx) {
        String path = ctx.normalizedPath();
        ctx.addHeadersEndHandler(ignored -> {
            MultiMap headers = ctx.response().headers();
            headers.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
            headers.set("X-Content-Type-Options", "nosniff");
            headers.set("X-Frame-Options", "DENY");
            headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
            String type = headers.get(HttpHeaders.CONTENT_TYPE);
            if (path.startsWith("/assets/") && ctx.response().getStatusCode() == 200) {
                headers.set(HttpHeaders.CACHE_CONTROL, IMMUTABLE);
            } else if ((type != null && type.startsWith("text/html")) || path.equals("/") || path.endsWith(".html")) {
                // the shell names the current hashed assets: revalidate it so a deploy is seen on the next load (by
                // path too: the static handler's HEAD of / has no Content-Type, and Quarkus's own "public, immutable,
                // max-age=86400" would stay on it)
                headers.set(HttpHeaders.CACHE_CONTROL, "no-cache");
            }
        });
        ctx.next();
    }
}
