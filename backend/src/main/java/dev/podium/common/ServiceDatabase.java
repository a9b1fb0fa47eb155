package dev.podium.common;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logging.Logger;

/**
 * The embedded PostgreSQL the service starts for itself (PodiumMain, no PODIUM_DB_URL) outlives the application. On
 * SIGTERM the JVM starts every shutdown hook at once: zonky's own would stop PostgreSQL while Quarkus still answers
 * for quarkus.shutdown.delay and finishes the requests in flight, and a run sent then would fail. So that hook is off,
 * and the database is closed by the last observer of ShutdownEvent: after the delay, the wait for requests in flight
 * and every other observer (Drain answers 503 to new requests from then on). A JVM shutdown hook of this class closes
 * it when the application never started, and otherwise waits for that observer, at most the delay and the timeout
 * and half a minute more. Quarkus tests start their own database, so there is none here and both do nothing.
 */
@ApplicationScoped
public class ServiceDatabase {

    private static final Logger LOG = Logger.getLogger(ServiceDatabase.class);
    private static final Duration MARGIN = Duration.ofSeconds(30);

    private static EmbeddedDatabase database; // guarded by ServiceDatabase.class
    private static final CountDownLatch CLOSED = new CountDownLatch(1);
    private static volatile Duration stopBound; // null until the application has started

    /** Takes the database started for this service (with zonky's shutdown hook off) and closes it at the right time. */
    static synchronized void adopt(EmbeddedDatabase started) {
        database = started;
        Runtime.getRuntime()
                .addShutdownHook(
                        Thread.ofPlatform().name("podium-database-stop").unstarted(ServiceDatabase::atJvmExit));
    }

    private static void atJvmExit() {
        Duration bound = stopBound;
        if (bound != null) {
            try {
                if (!CLOSED.await(bound.toMillis(), TimeUnit.MILLISECONDS)) {
                    LOG.warnf(
                            "the application did not stop within %d s; stopping the embedded PostgreSQL",
                            bound.toSeconds());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        close();
    }

    void started(@Observes StartupEvent event) {
        var config = ConfigProvider.getConfig();
        Duration delay = config.getOptionalValue("quarkus.shutdown.delay-enabled", Boolean.class)
                        .orElse(false)
                ? config.getOptionalValue("quarkus.shutdown.delay", Duration.class)
                        .orElse(Duration.ZERO)
                : Duration.ZERO;
        Duration timeout = config.getOptionalValue("quarkus.shutdown.timeout", Duration.class)
                .orElse(Duration.ZERO);
        stopBound = delay.plus(timeout).plus(MARGIN);
    }

    /** Last of all ShutdownEvent observers (the highest priority number runs last). */
    void stopped(@Observes @Priority(Integer.MAX_VALUE) ShutdownEvent event) {
        close();
    }

    /** Stops the database once; later calls do nothing. */
    static synchronized void close() {
        EmbeddedDatabase open = database;
        database = null;
        try {
            if (open != null) {
                open.close();
                LOG.info("the embedded PostgreSQL stopped");
            }
        } catch (IOException | RuntimeException e) {
            LOG.warn("stopping the embedded PostgreSQL failed", e);
        } finally {
            CLOSED.countDown();
        }
    }
}
