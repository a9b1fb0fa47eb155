package dev.podium.shutdown;

import dev.podium.common.Problem;
import dev.podium.common.ProblemException;
import dev.podium.common.Problems;
import io.quarkus.runtime.ShutdownDelayInitiatedEvent;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logging.Logger;

/**
 * The end of a replica's life on SIGTERM (a rolling restart). Quarkus turns readiness DOWN and answers every request
 * for quarkus.shutdown.delay (PODIUM_SHUTDOWN_DELAY), then waits for the requests in flight, at most
 * quarkus.shutdown.timeout, then stops the application (its beans, Hibernate, the connection pool) and only after that
 * closes its HTTP listener. Requests that keep arriving meanwhile (a balancer sends to a replica that answers) keep the
 * wait from ever ending, and those that arrive once the application is stopping fail with 500 or hang: a rolling
 * restart then fails reads. So once the delay is over, and at the latest when the application starts stopping, every
 * new request is answered 503 at once, with Retry-After: 1 and Connection: close, by a handler that needs nothing of
 * the application: the requests in flight finish, the wait ends, and a balancer sends a GET answered 503 to another
 * replica (nginx: proxy_next_upstream http_503), as agents retry a run answered 503.
 */
@ApplicationScoped
public class Drain {

    private static final Logger LOG = Logger.getLogger(Drain.class);

    /** Rendered once, at start: answering it needs nothing of the application. */
    static final String PROBLEM = Problems.json(new ProblemException(
                    503,
                    "shutting-down",
                    "Service Unavailable",
                    "this replica is stopping; retry, another one answers",
                    null)
            .toProblem());

    /** Static: the handler reads it after the application's beans are gone. */
    private static volatile boolean draining;

    void register(@Observes Router router) {
        router.route().order(-3000).handler(Drain::refuseWhileDraining);
    }

    /** A new start in the same JVM (tests start one per profile) answers again. */
    void started(@Observes StartupEvent event) {
        draining = false;
    }

    private static void refuseWhileDraining(RoutingContext ctx) {
        if (!draining) {
            ctx.next();
            return;
        }
        ctx.response()
                .setStatusCode(503)
                .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .putHeader(HttpHeaders.RETRY_AFTER, "1")
                .putHeader(HttpHeaders.CONNECTION, "close")
                .end(PROBLEM);
    }

    /** SIGTERM with a delay: readiness is DOWN now; new requests are refused once the delay is over. */
    void delayStarted(@Observes ShutdownDelayInitiatedEvent event) {
        Duration delay = ConfigProvider.getConfig()
                .getOptionalValue("quarkus.shutdown.delay", Duration.class)
                .orElse(Duration.ZERO);
        LOG.infof("stopping: readiness DOWN, answering for %d ms more, then 503 to new requests", delay.toMillis());
        Thread.ofPlatform().daemon().name("podium-drain").start(() -> {
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            start();
        });
    }

    /** The application stops (after the wait for requests in flight, or without a delay): refuse from now on. */
    void stopping(@Observes @Priority(1) ShutdownEvent event) {
        start();
    }

    static void start() {
        if (!draining) {
            draining = true;
            LOG.info("stopping: new requests are answered 503");
        }
    }
}
