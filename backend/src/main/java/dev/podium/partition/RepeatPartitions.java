package dev.podium.partition;

import dev.podium.common.Rows;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.sql.DataSource;
import lombok.RequiredArgsConstructor;
import org.jboss.logging.Logger;

/**
 * Keeps the partitions of repeats (V31: by range of cell_id) ahead of the cell ids ingest hands out: a whole
 * partition's width of ids (1.5 million, months of nightly boards) beyond the highest id used, so that a COPY never
 * meets an id no partition takes. Checked at start and whenever an ingest's ids come within a width of the top (one
 * comparison otherwise). A partition is made as a table of its own and then attached, which locks repeats only
 * against other schema changes (SHARE UPDATE EXCLUSIVE: reads and writes go on), in a transaction of its own on a
 * worker thread, after the ingest that asked has committed; it waits at most 500 ms for a lock and tries again a
 * second later. Replicas that do this at once queue on an advisory lock, and the second finds the work done.
 */
@ApplicationScoped
@RequiredArgsConstructor
public class RepeatPartitions {

    private static final Logger LOG = Logger.getLogger(RepeatPartitions.class);
    /** pg_advisory_xact_lock's key for creating partitions ("podiumPR"). */
    private static final long LOCK = 0x706f6469756d5052L;

    private static final int ATTEMPTS = 30;
    private static final String NEWEST =
            "select lower_id, upper_id from repeat_partitions where lower_id is not null order by lower_id desc limit 1";
    /** The highest id cells_seq has handed out: a value v reserves v .. v + 49 (pooled-lo). */
    private static final String HANDED_OUT = "select last_value + 49 from cells_seq";

    /** The ids of one partition, lower inclusive, upper exclusive. */
    public record Range(long lower, long upper) {
        long width() {
            return upper - lower;
        }
    }

    private final DataSource dataSource;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "podium-partitions");
        t.setDaemon(true);
        return t;
    });
    private final AtomicBoolean queued = new AtomicBoolean();
    /** The newest partition as last read: until then, every ingest asks for a check. */
    private volatile Range newest = new Range(0, 0);

    void onStart(@Observes StartupEvent event) {
        try {
            ensure(handedOut());
        } catch (SQLException e) {
            LOG.errorf(
                    "partitions: checking the partitions of repeats at start failed (%s); the next ingest tries again",
                    e.getMessage());
        }
    }

    @PreDestroy
    void stop() {
        worker.shutdown();
        try {
            worker.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Told by ingest the highest cell id it used (inside its transaction: nothing is read or locked here); when that
     * comes within a width of the newest partition's end, the next partition is made on the worker.
     */
    public void used(long highestId) {
        Range known = newest;
        if (highestId + known.width() >= known.upper() && queued.compareAndSet(false, true)) {
            worker.submit(() -> {
                queued.set(false);
                try {
                    ensure(highestId);
                } catch (SQLException | RuntimeException e) {
                    LOG.errorf(
                            "partitions: making the partition after cell id %d failed (%s); the next ingest tries"
                                    + " again, and the ids left before the last partition's end are %d",
                            highestId, e.getMessage(), newest.upper() - highestId);
                }
            });
        }
    }

    /** The newest partition of repeats, as the database has it now. */
    public Range newest() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            return newest(c);
        }
    }

    /**
     * Makes partitions until the newest one ends a whole width beyond id; returns how many it made. Each is a
     * transaction of its own, tried up to 30 times while a lock is not granted within 500 ms.
     */
    public int ensure(long id) throws SQLException {
        int made = 0;
        for (int attempt = 1; ; attempt++) {
            try (Connection c = dataSource.getConnection()) {
                c.setAutoCommit(false);
                try {
                    if (!makeNext(c, id)) {
                        c.commit();
                        return made;
                    }
                    c.commit();
                    made++;
                    attempt = 0;
                } catch (SQLException e) {
                    c.rollback();
                    if (!"55P03".equals(e.getSQLState()) || attempt >= ATTEMPTS) {
                        throw e;
                    }
                    LOG.infof("partitions: repeats is busy (try %d of %d), again in a second", attempt, ATTEMPTS);
                    sleep();
                } finally {
                    c.setAutoCommit(true);
                }
            }
        }
    }

    /** In the caller's transaction: makes the partition after the newest when id is within a width of its end. */
    private boolean makeNext(Connection c, long id) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("select pg_advisory_xact_lock(" + LOCK + ")");
            Range last = newest(c);
            newest = last;
            if (id + last.width() < last.upper()) {
                return false;
            }
            Range next = new Range(last.upper(), last.upper() + last.width());
            String name = "repeats_" + next.lower();
            s.execute("set local lock_timeout = '500ms'");
            s.execute("create table " + name + " (like repeats including defaults including constraints)");
            s.execute("alter table repeats attach partition " + name + " for values from (" + next.lower() + ") to ("
                    + next.upper() + ")");
            newest = next;
            LOG.infof(
                    "partitions: made %s for cell ids %d to %d (ids handed out up to %d)",
                    name, next.lower(), next.upper() - 1, id);
            return true;
        }
    }

    private static Range newest(Connection c) throws SQLException {
        List<Range> rows = Rows.of(c, NEWEST, List.of(), rs -> new Range(rs.getLong(1), rs.getLong(2)));
        if (rows.isEmpty()) {
            throw new SQLException("repeats has no partition with a lower bound (is V31 applied?)");
        }
        return rows.getFirst();
    }

    private long handedOut() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            return Rows.of(c, HANDED_OUT, List.of(), rs -> rs.getLong(1)).getFirst();
        }
    }

    private static void sleep() {
        try {
            Thread.sleep(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
