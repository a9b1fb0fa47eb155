package dev.podium.input;

import dev.podium.common.Problem;
import dev.podium.common.ProblemException;
import dev.podium.common.Problems;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Map;

/**
 * Vert.x routes before the REST resources: query strings holding control characters are refused (PostgreSQL cannot
 * store a NUL), and a body refused by Vert.x's own size limit (a chunked one, without Content-Length) still gets
 * problem+json instead of a bare 413.
 */
@ApplicationScoped
public class InputRoutes {

    void register(@Observes Router router) {
        router.route("/api/*").order(-1001).handler(InputRoutes::rejectControlCharacters);
        router.route().order(-1001).failureHandler(InputRoutes::problemForBodyLimit);
    }

    private static void rejectControlCharacters(RoutingContext ctx) {
        if (ctx.request().query() == null) {
            ctx.next();
            return;
        }
        MultiMap params;
        try {
            params = ctx.queryParams();
        } catch (RuntimeException e) {
            answer(ctx, ProblemException.badRequest("invalid-parameter", "the query string is not valid percent-encoding", null));
            return;
        }
        for (Map.Entry<String, String> param : params) {
            if (hasControl(param.getKey())) {
                answer(ctx, ProblemException.badRequest("invalid-parameter",
                        "a query parameter name holds a control character", null));
                return;
            }
            if (hasControl(param.getValue())) {
                answer(ctx, ProblemException.badRequest("invalid-parameter",
                        "'" + param.getKey() + "' must not hold control characters", param.getKey()));
                return;
            }
        }
        ctx.next();
    }

    private static void problemForBodyLimit(RoutingContext ctx) {
        if (ctx.statusCode() != 413 || ctx.response().headWritten()) {
            ctx.next();
            return;
        }
        ctx.response().putHeader(HttpHeaders.CONNECTION, "close"); // the rest of the body is not read
        answer(ctx, new ProblemException(413, "body-too-large", "Content too large",
                "the body is larger than the service accepts (PODIUM_MAX_BODY_BYTES)", null));
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
        ctx.response().setStatusCode(problem.status())
                .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .end(Problems.json(problem));
    }
}
