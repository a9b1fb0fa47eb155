package dev.podium.common;

import java.sql.SQLException;
import org.jboss.logging.Logger;

/**
 * A task the service runs once at start to fill rows stored before a column existed; it works in batches and marks
 * what it did, so a restart resumes where a stopped one left off and does nothing once all is done.
 */
public final class StartupBackfill {

    private StartupBackfill() {}

    /** One pass of a backfill: how many rows it filled. */
    @FunctionalInterface
    public interface Pass {
        int run() throws SQLException;
    }

    /**
     * Runs the pass and logs how many it filled ({@code filled}, a format of that count). A failure is logged as
     * {@code notNow} with its message and the service still serves: the next start resumes.
     */
    public static void run(Logger log, Pass pass, String filled, String notNow) {
        try {
            int done = pass.run();
            if (done > 0) {
                log.infof(filled, done);
            }
        } catch (SQLException | RuntimeException e) {
            log.warnf("%s: %s", notNow, e.getMessage());
        }
    }
}
