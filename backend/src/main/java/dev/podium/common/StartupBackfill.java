package dev.podium.common;

import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;
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

    /** One batch of a backfill on connection c: fills at most size rows, returns how many it filled. */
    @FunctionalInterface
    public interface Batch {
        int fill(Connection c, int size) throws SQLException;
    }

    /** A pass in batches of size on one connection, until a batch fills fewer: how many rows it filled in all. */
    public static int inBatches(DataSource dataSource, int size, Batch batch) throws SQLException {
        int total = 0;
        try (Connection connection = dataSource.getConnection()) {
            while (true) {
                int filled = batch.fill(connection, size);
                total += filled;
                if (filled < size) {
                    return total;
                }
            }
        }
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
