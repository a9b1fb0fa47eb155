package dev.podium.leaderboard;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import javax.sql.DataSource;

/**
 * Rendered read answers keyed by endpoint + normalised query. Every answer depends only on stored runs, and runs are
 * only ever added, so an answer stays valid while {@code count(*), max(received_at)} of runs (and the change points'
 * count, newest id and runs after, and the number of revoked agents) is unchanged. That stamp
 * is read from PostgreSQL at most once per {@code podium.read-cache.check-interval} (default 1 s), so with several
 * replicas sharing one database a new run shows everywhere within that interval; 0 checks on every request.
 */
@ApplicationScoped
public class ReadCache {

    /** Bytes of answers kept at most (approximate: a replaced answer still counts); past it the cache starts over. */
    private static final long MAX_BYTES = 64L << 20;

    /** A rendered answer: the body's bytes and its media type. */
    public record Answer(byte[] body, String mediaType) {}

    private record Entry(String stamp, Answer answer) {}

    @Inject
    DataSource dataSource;

    @Inject
    ReadCacheConfig config;

    private final ConcurrentHashMap<String, Entry> entries = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Object> locks = new ConcurrentHashMap<>();
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicBoolean refreshing = new AtomicBoolean();
    private volatile String stamp;
    private volatile long stampReadAt;

    /**
     * The cached answer when it can be served without the database, else null (the caller then uses {@link #get} on a
     * worker thread). When the stamp is due, one request is sent to re-read it while the others keep being served
     * the answers of the current stamp meanwhile: a due stamp never sends every in-flight request to the database.
     */
    public Answer peek(String key) {
        String s = stamp;
        if (s == null) {
            return null;
        }
        if (System.nanoTime() - stampReadAt >= config.checkInterval().toNanos()
                && refreshing.compareAndSet(false, true)) {
            return null;
        }
        Entry e = entries.get(key);
        return e != null && e.stamp().equals(s) ? e.answer() : null;
    }

    /**
     * The cached answer, or one rendered now; may read the runs stamp from the database (blocking). Requests missing
     * the same key wait for one rendering instead of each running the queries.
     */
    public Answer get(String key, Supplier<Answer> render) {
        Entry e = entries.get(key);
        if (e != null && e.stamp().equals(stamp())) {
            return e.answer();
        }
        synchronized (locks.computeIfAbsent(key, k -> new Object())) {
            String current = stamp();
            e = entries.get(key);
            if (e != null && e.stamp().equals(current)) {
                return e.answer();
            }
            Answer answer = render.get();
            if (bytes.addAndGet(answer.body().length) > MAX_BYTES) {
                entries.clear();
                locks.clear();
                bytes.set(answer.body().length);
            }
            entries.put(key, new Entry(current, answer));
            return answer;
        }
    }

    private String stamp() {
        try {
            String s = stamp;
            if (s != null
                    && System.nanoTime() - stampReadAt < config.checkInterval().toNanos()) {
                return s;
            }
            synchronized (this) { // one reader at a time; the others get what it read
                s = stamp;
                long now = System.nanoTime();
                if (s != null && now - stampReadAt < config.checkInterval().toNanos()) {
                    return s;
                }
                try (Connection c = dataSource.getConnection();
                        // change points land after their run (recomputed in the background) and move the board's
                        // segments
                        PreparedStatement ps =
                                c.prepareStatement("select count(*), max(received_at), (select count(*) || ':'"
                                        + " || coalesce(max(id), 0) || ':' || coalesce(sum(runs_after), 0) from change_points),"
                                        // a revocation marks (or removes) every row of that agent's runs
                                        + " (select count(revoked_at) from agents) from runs");
                        ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    s = rs.getLong(1) + "/" + rs.getString(2) + "/" + rs.getString(3) + "/" + rs.getLong(4);
                } catch (SQLException e) {
                    throw new IllegalStateException("read the runs stamp", e);
                }
                stamp = s;
                stampReadAt = now;
                return s;
            }
        } finally {
            refreshing.set(false); // every request peek() sent here passes this point
        }
    }
}
