package dev.podium.read;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.cache.ReadCache;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;
import java.util.function.Supplier;
import lombok.RequiredArgsConstructor;

/**
 * Renders read answers once (JSON or CSV) and serves them from the {@link ReadCache} until a run is added. A cached
 * answer is sent from the I/O thread; computing one (database queries) runs on a worker thread.
 */
@ApplicationScoped
@RequiredArgsConstructor
public class Answers {

    static final String CSV_TYPE = "text/csv;charset=UTF-8";

    private final ObjectMapper mapper;
    private final ReadCache cache;
    private final CurrentVertxRequest request;
    private final MeterRegistry registry;

    public <T> Uni<Response> json(String key, Supplier<T> compute) {
        return answer(key + "#json", asJson(compute));
    }

    /** Renders a JSON answer ahead of requests (blocking) and keeps it fresh, as {@link ReadCache#prerender} does. */
    public <T> void prerender(String key, Supplier<T> compute) {
        cache.prerender(key + "#json", asJson(compute));
    }

    private <T> Supplier<ReadCache.Answer> asJson(Supplier<T> compute) {
        return () -> new ReadCache.Answer(write(compute.get()), "application/json");
    }

    /** Runs {@code task} on the read cache's refresh thread; false when background refresh is off. */
    public boolean inBackground(Runnable task) {
        return cache.inBackground(task);
    }

    public <T> Uni<Response> table(String key, boolean csv, Supplier<T> compute, Function<T, String> toCsv) {
        if (!csv) {
            return json(key, compute);
        }
        return answer(
                key + "#csv",
                () -> new ReadCache.Answer(toCsv.apply(compute.get()).getBytes(StandardCharsets.UTF_8), CSV_TYPE));
    }

    private Uni<Response> answer(String key, Supplier<ReadCache.Answer> render) {
        io.vertx.core.http.HttpServerRequest http = current();
        boolean gzip = http != null && acceptsGzip(http.getHeader(HttpHeaders.ACCEPT_ENCODING));
        String seen = http == null ? null : seenKey(http);
        ReadCache.Answer hit = cache.peek(key);
        if (hit != null) {
            learn(seen, key);
            return Uni.createFrom().item(respond(hit, gzip));
        }
        return Uni.createFrom()
                .item(() -> {
                    Response r = respond(cache.get(key, render), gzip);
                    learn(seen, key);
                    return r;
                })
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    // --- the fast path: a request seen before, answered from the cache on the I/O thread before the REST layer ---

    /** {@link #seenKey} of requests answered before, each with its answer's cache key. */
    private final java.util.concurrent.ConcurrentHashMap<String, String> seen =
            new java.util.concurrent.ConcurrentHashMap<>();

    private static final int MAX_SEEN = 4096;

    /** The request being answered; null where none is at hand (then no gzip and nothing learnt). */
    private io.vertx.core.http.HttpServerRequest current() {
        try {
            var ctx = request.getCurrent();
            return ctx == null ? null : ctx.request();
        } catch (RuntimeException notActive) { // no request context on this thread
            return null;
        }
    }

    /**
     * What an answer's key can depend on: the request URI, the Accept header (CSV negotiation) and the Host (links
     * made absolute, as on the framework page).
     */
    private static String seenKey(io.vertx.core.http.HttpServerRequest http) {
        String accept = http.getHeader(HttpHeaders.ACCEPT);
        String host = http.getHeader(HttpHeaders.HOST);
        return http.uri() + "\n" + (accept == null ? "" : accept) + "\n" + (host == null ? "" : host);
    }

    private void learn(String seenKey, String key) {
        if (seenKey == null) {
            return;
        }
        if (seen.size() >= MAX_SEEN) {
            seen.clear(); // a scan of many distinct queries; the ones asked for again come back
        }
        seen.put(seenKey, key);
    }

    /**
     * A GET under /api/ whose request URI and Accept header were answered from the cache before is answered again
     * here, from the cache of the current stamp, without parsing the query or entering the REST layer: the same bytes
     * and headers the resource sends (after the routes that check the input and add the security headers). Anything
     * else, and an answer not cached for the current stamp, goes on to the resource.
     */
    private Counter fastAnswers;

    void register(@jakarta.enterprise.event.Observes io.vertx.ext.web.Router router) {
        fastAnswers = registry.counter("podium.read.fast.answers");
        router.route(io.vertx.core.http.HttpMethod.GET, "/api/*").order(-900).handler(this::fromCache);
    }

    private void fromCache(io.vertx.ext.web.RoutingContext ctx) {
        String key = seen.get(seenKey(ctx.request()));
        ReadCache.Answer a = key == null ? null : cache.peekFresh(key);
        if (a == null) {
            ctx.next();
            return;
        }
        boolean gzip = a.gzip() != null && acceptsGzip(ctx.request().getHeader(HttpHeaders.ACCEPT_ENCODING));
        io.vertx.core.http.HttpServerResponse r = ctx.response()
                .putHeader(HttpHeaders.CONTENT_TYPE, a.mediaType())
                .putHeader(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING);
        if (gzip) {
            r.putHeader(HttpHeaders.CONTENT_ENCODING, "gzip");
        }
        fastAnswers.increment();
        r.end(io.vertx.core.buffer.Buffer.buffer(a.wire(gzip)));
    }

    private static Response respond(ReadCache.Answer a, boolean gzip) {
        Response.ResponseBuilder r = gzip && a.gzip() != null
                ? Response.ok(a.gzip(), a.mediaType()).header(HttpHeaders.CONTENT_ENCODING, "gzip")
                : Response.ok(a.body(), a.mediaType());
        return r.header(HttpHeaders.VARY, HttpHeaders.ACCEPT_ENCODING).build();
    }

    /**
     * Whether an Accept-Encoding header (RFC 9110 12.5.3) admits gzip: a {@code gzip} (or {@code x-gzip}) or {@code *}
     * coding whose weight is not 0. An absent header admits only the identity.
     */
    static boolean acceptsGzip(String header) {
        if (header == null) {
            return false;
        }
        boolean star = false;
        for (String part : header.split(",")) {
            String[] p = part.split(";");
            String coding = p[0].trim().toLowerCase(java.util.Locale.ROOT);
            boolean refused = false;
            for (int i = 1; i < p.length; i++) {
                String param = p[i].trim().toLowerCase(java.util.Locale.ROOT).replace(" ", "");
                if (param.startsWith("q=")) {
                    refused = param.substring(2).matches("0(\\.0{0,3})?");
                }
            }
            if (coding.equals("gzip") || coding.equals("x-gzip")) {
                return !refused;
            }
            if (coding.equals("*")) {
                star = !refused;
            }
        }
        return star;
    }

    private byte[] write(Object value) {
        try {
            return mapper.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("render JSON", e);
        }
    }
}
