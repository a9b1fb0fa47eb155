package dev.podium.leaderboard;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import javax.sql.DataSource;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Rendered read answers keyed by endpoint + normalised query. Every answer depends only on stored runs, and runs are
 * only ever added, so an answer stays valid while {@code count(*), max(received_at)} of runs is unchanged. That stamp
 * is read from PostgreSQL at most once per {@code podium.read-cache.check-interval} (default 1 s), so with several
 * replicas sharing one database a new run shows everywhere within that interval; 0 checks on every request.
 */
@ApplicationScoped
public class ReadCache {

    /** Bytes of answers kept at most (approximate: a replaced answer still counts); past it the cache starts over. */
    private static final long MAX_BYTES = 64L << 20;

    /** A rendered answer: the body's bytes and its media type. */
    public record Answer(byte[] body, String mediaType) {
    }

    private record Entry(String stamp, Answer answer) {
    }

    @Inject
    DataSource dataSource;

    @Inject
    ReadCacheConfig config;

    private final ConcurrentHashMap<String, Entry> entries = new ConcurrentHashMap<>();
    private final AtomicLong bytes = new AtomicLong();
    private volatile String stamp;
    private volatile long stampReadAt;

    /** The cached answer when it is known to be current without asking the database; null otherwise. */
    public Answer peek(String key) {
        String s = stamp;
        if (s == null || System.nanoTime() - stampReadAt >= config.checkInterval().toNanos()) {
            return null;
        }
        Entry e = entries.get(key);
        return e != null && e.stamp().equals(s) ? e.answer() : null;
    }

    /** The cached answer, or a fresh one rendered now; may read the runs stamp from the database (blocking). */
    public Answer get(String key, Supplier<Answer> render) {
        String current = stamp();
        Entry e = entries.get(key);
        if (e != null && e.stamp().equals(current)) {
            return e.answer();
        }
        Answer answer = render.get();
        if (bytes.addAndGet(answer.body().length) > MAX_BYTES) {
            entries.clear();
            bytes.set(answer.body().length);
        }
        entries.put(key, new Entry(current, answer));
        return answer;
    }

    private String stamp() {
        long now = System.nanoTime();
        String s = stamp;
        if (s != null && now - stampReadAt < config.checkInterval().toNanos()) {
            return s;
        }
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("select count(*), max(received_at) from runs");
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            s = rs.getLong(1) + "/" + rs.getString(2);
        } catch (SQLException e) {
            throw new IllegalStateException("read the runs stamp", e);
        }
        stamp = s;
        stampReadAt = now;
        return s;
    }
}
