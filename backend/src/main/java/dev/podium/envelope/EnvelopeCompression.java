package dev.podium.envelope;

import dev.podium.common.Rows;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import lombok.RequiredArgsConstructor;
import org.jboss.logging.Logger;

/**
 * Deflates, in the background after start, the envelopes of the runs stored before V29 (verbatim), one run per
 * transaction: the row is locked (FOR UPDATE SKIP LOCKED, so replicas starting together share the work and readers
 * never wait), its envelope deflated, the deflated form written in place of the verbatim one and read back, and the
 * transaction commits only when that read-back inflates to the verbatim bytes; otherwise the row is left as it was.
 * A stopped pass leaves every run either verbatim or deflated, and the next start goes on with the rest; progress is
 * logged every 10 s.
 */
@ApplicationScoped
@RequiredArgsConstructor
public class EnvelopeCompression {

    private static final Logger LOG = Logger.getLogger(EnvelopeCompression.class);
    private static final int BATCH = 50;
    private static final long PROGRESS_NANOS = TimeUnit.SECONDS.toNanos(10);

    private static final String FIRST = "select id from runs where envelope is not null order by id limit ?";
    private static final String NEXT = "select id from runs where envelope is not null and id > ? order by id limit ?";
    private static final String COUNT = "select count(*) from runs where envelope is not null";
    private static final String TAKE =
            "select envelope from runs where id = ? and envelope is not null for update skip locked";
    private static final String PUT = "update runs set envelope_deflated = ?, envelope = null where id = ?";
    private static final String BACK = "select envelope_deflated from runs where id = ?";

    /**
     * What a pass did: runs deflated, runs left verbatim (deflated no smaller, or not read back the same), and the
     * envelope bytes of the runs deflated, before and after.
     */
    public record Pass(int deflated, int leftVerbatim, long verbatimBytes, long deflatedBytes) {
        Pass plus(Pass o) {
            return new Pass(
                    deflated + o.deflated,
                    leftVerbatim + o.leftVerbatim,
                    verbatimBytes + o.verbatimBytes,
                    deflatedBytes + o.deflatedBytes);
        }
    }

    private static final Pass NOTHING = new Pass(0, 0, 0, 0);
    private static final Pass LEFT = new Pass(0, 1, 0, 0);

    private final DataSource dataSource;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "podium-envelopes");
        t.setDaemon(true);
        return t;
    });
    private volatile boolean stopping;

    void onStart(@Observes StartupEvent event) {
        worker.submit(() -> {
            try {
                run();
            } catch (SQLException | RuntimeException e) {
                if (!stopping) {
                    LOG.warnf(
                            "envelopes: deflating the verbatim ones stopped (%s); the next start goes on",
                            e.getMessage());
                }
            }
        });
    }

    /** Lets the run in hand finish (its own transaction), then stops; the next start goes on with the rest. */
    @PreDestroy
    void stop() {
        stopping = true;
        worker.shutdown();
        try {
            worker.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Deflates every run whose envelope is still verbatim (a pass in batches of 50 by id); returns what it did. */
    public Pass run() throws SQLException {
        Pass done = NOTHING;
        try (Connection c = dataSource.getConnection()) {
            List<UUID> batch = next(c, null);
            if (batch.isEmpty()) {
                return done;
            }
            long total = count(c);
            LOG.infof(
                    "envelopes: %d runs stored before V29 hold their envelope verbatim; deflating them, one run per"
                            + " transaction",
                    total);
            long start = System.nanoTime();
            long reported = start;
            while (!batch.isEmpty() && !stopping) {
                for (UUID id : batch) {
                    if (stopping) {
                        break;
                    }
                    done = done.plus(deflate(c, id));
                    if (System.nanoTime() - reported > PROGRESS_NANOS) {
                        reported = System.nanoTime();
                        log("deflated %d of %d runs so far", done, total, start);
                    }
                }
                batch = next(c, batch.getLast());
            }
            log(stopping ? "stopped after deflating %d of %d runs" : "deflated %d of %d runs", done, total, start);
            return done;
        }
    }

    private static void log(String what, Pass done, long total, long start) {
        double seconds = (System.nanoTime() - start) / 1e9;
        LOG.infof(
                "envelopes: " + what + " in %.1f s (%.1f MB verbatim -> %.1f MB deflated, %.1f runs/s)%s",
                done.deflated(),
                total,
                seconds,
                done.verbatimBytes() / 1e6,
                done.deflatedBytes() / 1e6,
                done.deflated() / Math.max(seconds, 1e-3),
                done.leftVerbatim() == 0 ? "" : "; " + done.leftVerbatim() + " left verbatim");
    }

    /** One run's envelope deflated in a transaction of its own, committed only once the stored form reads back. */
    private static Pass deflate(Connection c, UUID id) throws SQLException {
        c.setAutoCommit(false);
        try {
            byte[] verbatim = bytes(c, TAKE, id);
            if (verbatim == null) { // deflated meanwhile, deleted, or another replica holds it
                c.rollback();
                return NOTHING;
            }
            StoredEnvelope stored = StoredEnvelope.of(verbatim);
            if (!stored.isDeflated()) {
                c.rollback();
                LOG.infof(
                        "envelopes: run %s keeps its envelope verbatim (deflated it is no smaller, or it did not inflate back)",
                        id);
                return LEFT;
            }
            try (PreparedStatement put = c.prepareStatement(PUT)) {
                put.setBytes(1, stored.deflated());
                put.setObject(2, id);
                put.executeUpdate();
            }
            byte[] back = bytes(c, BACK, id);
            if (back == null || !Arrays.equals(new StoredEnvelope(null, back).bytes(), verbatim)) {
                c.rollback();
                LOG.errorf("envelopes: run %s: the deflated envelope read back differs; left verbatim", id);
                return LEFT;
            }
            c.commit();
            return new Pass(1, 0, verbatim.length, stored.deflated().length);
        } catch (SQLException | RuntimeException e) {
            c.rollback();
            throw e;
        } finally {
            c.setAutoCommit(true);
        }
    }

    /** The first column of the one row sql finds for the run, or null when it finds none. */
    private static byte[] bytes(Connection c, String sql, UUID id) throws SQLException {
        return Rows.of(c, sql, List.of(id), rs -> rs.getBytes(1)).stream()
                .findFirst()
                .orElse(null);
    }

    private static List<UUID> next(Connection c, UUID after) throws SQLException {
        return after == null
                ? Rows.of(c, FIRST, List.of(BATCH), rs -> rs.getObject(1, UUID.class))
                : Rows.of(c, NEXT, List.of(after, BATCH), rs -> rs.getObject(1, UUID.class));
    }

    private static long count(Connection c) throws SQLException {
        return Rows.of(c, COUNT, List.of(), rs -> rs.getLong(1)).getFirst();
    }
}
