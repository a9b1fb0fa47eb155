package dev.podium.input;

import dev.podium.common.PodiumConfig;
import dev.podium.common.Problem;
import dev.podium.common.ProblemException;
import dev.podium.common.Problems;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import lombok.RequiredArgsConstructor;

/**
 * Vert.x routes before the REST resources: query strings holding control characters are refused (PostgreSQL cannot
 * store a NUL), and a body refused by Vert.x's own size limit (a chunked one, without Content-Length) still gets
 * problem+json instead of a bare 413.
 */
@ApplicationScoped
@RequiredArgsConstructor
public class InputRoutes {

    /** An enrolment is a name and a key: a few hundred bytes. */
    static final long MAX_ENROLMENT_BYTES = 64 * 1024;

    /** An A/B comparison is a report of a few cells: tens of KiB (schema/ab.v1.schema.json bounds it well below). */
    public static final int MAX_AB_BYTES = 1024 * 1024;

    private final PodiumConfig config;

    void register(@Observes Router router) {
        router.route().order(-1950).handler(InputRoutes::rejectMalformedUri);
        router.route("/api/*").order(-1001).handler(InputRoutes::rejectControlCharacters);
        // a chunked body (no Content-Length) is read here, up to the limit: beyond it Vert.x fails with 413 and the
        // failure handler below answers problem+json, where the HTTP layer alone would answer a bare 413
        BodyHandler runBody = BodyHandler.create(false).setBodyLimit(config.maxRunBytes());
        BodyHandler agentBody = BodyHandler.create(false).setBodyLimit(MAX_ENROLMENT_BYTES);
        router.route(HttpMethod.POST, "/api/runs").order(-999).handler(ctx -> readChunked(ctx, runBody));
        router.route(HttpMethod.POST, "/api/agents").order(-999).handler(ctx -> readChunked(ctx, agentBody));
        BodyHandler abBody = BodyHandler.create(false).setBodyLimit(MAX_AB_BYTES);
        router.route(HttpMethod.POST, "/api/ab").order(-999).handler(ctx -> readChunked(ctx, abBody));
        router.route().order(-1001).failureHandler(InputRoutes::problemForBareRefusal);
        // a path whose percent-encoding Vert.x cannot normalise fails before any route (or failure handler) matches
        router.errorHandler(400, InputRoutes::unroutedBadRequest);
    }

    private static void unroutedBadRequest(RoutingContext ctx) {
        if (ctx.response().headWritten()) {
            return;
        }
        answer(
                ctx,
                ProblemException.badRequest("invalid-path", "the request path is not valid percent-encoding", null));
    }

    private static void readChunked(RoutingContext ctx, BodyHandler bodyHandler) {
        if (ctx.request().getHeader(HttpHeaders.CONTENT_LENGTH) != null) {
            ctx.next();
            return;
        }
        bodyHandler.handle(ctx);
    }

    /**
     * What Quarkus's own check answered with a bare 400 (it is turned off: vertx.disableURIValidation, see PodiumMain):
     * a URI that java.net.URI cannot parse, e.g. malformed percent-encoding, gets problem+json naming the parameter.
     */
    private static void rejectMalformedUri(RoutingContext ctx) {
        String uri = ctx.request().uri();
        if (!parses(uri)) {
            String field = malformedParameter(uri);
            answer(
                    ctx,
                    ProblemException.badRequest(
                            "invalid-parameter",
                            field == null
                                    ? "the request URI is not valid (malformed percent-encoding or a character that must be encoded)"
                                    : "'" + field + "' is not valid percent-encoding",
                            field));
            return;
        }
        ctx.next();
    }

    /** The first query parameter whose name or value is not valid percent-encoding, or null when none is. */
    static String malformedParameter(String uri) {
        int q = uri.indexOf('?');
        if (q < 0) {
            return null;
        }
        for (String pair : uri.substring(q + 1).split("&")) {
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            String decodedName = decodeOrNull(name);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            if (decodedName == null || hasControl(decodedName)) {
                return null; // a name that cannot be named
            }
            if (decodeOrNull(value) == null || !parses("/?" + pair)) {
                return decodedName;
            }
        }
        return null;
    }

    private static boolean parses(String uri) {
        try {
            new URI(uri);
            return true;
        } catch (URISyntaxException e) {
            return false;
        }
    }

    private static String decodeOrNull(String text) {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static void rejectControlCharacters(RoutingContext ctx) {
        String pathProblem = pathProblem(ctx.request().path());
        if (pathProblem != null) {
            answer(ctx, ProblemException.badRequest("invalid-path", pathProblem, "path"));
            return;
        }
        if (ctx.request().query() == null) {
            ctx.next();
            return;
        }
        MultiMap params;
        try {
            params = ctx.queryParams();
        } catch (RuntimeException e) {
            answer(
                    ctx,
                    ProblemException.badRequest(
                            "invalid-parameter", "the query string is not valid percent-encoding", null));
            return;
        }
        for (Map.Entry<String, String> param : params) {
            if (hasControl(param.getKey())) {
                answer(
                        ctx,
                        ProblemException.badRequest(
                                "invalid-parameter", "a query parameter name holds a control character", null));
                return;
            }
            if (hasControl(param.getValue())) {
                answer(
                        ctx,
                        ProblemException.badRequest(
                                "invalid-parameter",
                                "'" + param.getKey() + "' must not hold control characters",
                                param.getKey()));
                return;
            }
        }
        ctx.next();
    }

    // Vert.x refuses some requests itself (a body over its limit, a URI it cannot decode) with a bare status
    private static void problemForBareRefusal(RoutingContext ctx) {
        int status = ctx.statusCode();
        if (status < 400 || status > 499 || ctx.response().headWritten()) {
            ctx.next();
            return;
        }
        ProblemException problem = status == 413
                ? new ProblemException(
                        413, "body-too-large", "Content too large", "the body is larger than the service accepts", null)
                : new ProblemException(
                        status,
                        "bad-request",
                        HttpResponseStatus.valueOf(status).reasonPhrase(),
                        "the request cannot be read: "
                                + HttpResponseStatus.valueOf(status).reasonPhrase(),
                        null);
        Problem body = problem.toProblem();
        // the rest of the request is not read: close, or the client would wait with the body half sent
        ctx.response()
                .setStatusCode(status)
                .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .putHeader(HttpHeaders.CONNECTION, "close")
                .end(Problems.json(body))
                .onComplete(done -> ctx.request().connection().close());
    }

    /**
     * What is wrong with an API path once its percent-encoding is decoded (the resources would pass it on to a
     * database that cannot store a NUL, or compare bytes that are not text): null when nothing is.
     */
    static String pathProblem(String rawPath) {
        if (rawPath == null || rawPath.indexOf('%') < 0) {
            return null;
        }
        String decoded;
        try {
            decoded = new URI("http://h" + rawPath).getPath(); // decodes %XX as UTF-8, U+FFFD where it is not
        } catch (URISyntaxException e) {
            return "the path is not valid percent-encoding";
        }
        if (decoded.indexOf('\uFFFD') >= 0 && rawPath.indexOf('\uFFFD') < 0) {
            return "the path's percent-encoding is not UTF-8";
        }
        if (hasControl(decoded)) {
            return "the path must not hold control characters";
        }
        return null;
    }

    private static boolean hasControl(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == 0x7F) {
                return true;
            }
        }
        return false;
    }

    private static void answer(RoutingContext ctx, ProblemException problemException) {
        Problem problem = problemException.toProblem();
        ctx.response()
                .setStatusCode(problem.status())
                .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .end(Problems.json(problem));
    }
}
