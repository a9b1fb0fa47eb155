package dev.podium.cache;

import dev.podium.replica.Replica;
import dev.podium.replica.Routed;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.arc.Arc;
import io.quarkus.arc.ManagedContext;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import javax.sql.DataSource;
import lombok.RequiredArgsConstructor;
import org.jboss.logging.Logger;

/**
 * Rendered read answers keyed by endpoint + normalised query. Every answer depends only on stored runs, and runs are
 * only ever added, so an answer stays valid while {@code count(*), max(received_at)} of runs (and the change points'
 * count, newest id and runs after, and the number of revoked agents) is unchanged. That stamp
 * is read from PostgreSQL at most once per {@code podium.read-cache.check-interval} (default 1 s), so with several
 * replicas sharing one database a new run shows everywhere within that interval; 0 checks on every request.
 */
@ApplicationScoped
@RequiredArgsConstructor
public class ReadCache {

    /** Bytes of answers kept at most (approximate: a replaced answer still counts); past it the cache starts over. */
    private static final long MAX_BYTES = 64L << 20;

    /**
     * A rendered answer: the body's bytes, its media type, and the body gzipped once here (null when the body is too
     * small for that to pay), so that clients that accept gzip (browsers, curl --compressed, most HTTP libraries) get
     * a few kilobytes instead of tens without the server compressing on every request.
     */
    public static final class Answer {

        /** Bodies smaller than this are sent as they are. */
        static final int GZIP_FROM = 1024;

        private final byte[] body;
        private final String mediaType;
        private final byte[] gzip;
        // the same bytes off the heap, written to a connection as they are: a heap buffer would be copied into a
        // fresh direct one on every request (about a tenth of the CPU of serving a cached board, measured with JFR)
        private final io.netty.buffer.ByteBuf wireBody;
        private final io.netty.buffer.ByteBuf wireGzip;

        public Answer(byte[] body, String mediaType, byte[] gzip) {
            this.body = body;
            this.mediaType = mediaType;
            this.gzip = gzip;
            this.wireBody = wire(body);
            this.wireGzip = gzip == null ? null : wire(gzip);
        }

        public Answer(byte[] body, String mediaType) {
            this(body, mediaType, body.length >= GZIP_FROM ? gzip(body) : null);
        }

        public byte[] body() {
            return body;
        }

        public String mediaType() {
            return mediaType;
        }

        /** The body gzipped, or null when it is too small for that to pay. */
        public byte[] gzip() {
            return gzip;
        }

        /**
         * The body (or its gzip) as a buffer of its own over the answer's off-heap bytes, for one response: writing
         * it neither copies the bytes nor releases them.
         */
        public io.netty.buffer.ByteBuf wire(boolean gzipped) {
            return (gzipped ? wireGzip : wireBody).duplicate();
        }

        int size() {
            return 2 * (body.length + (gzip == null ? 0 : gzip.length)); // on the heap and off it
        }

        private static io.netty.buffer.ByteBuf wire(byte[] bytes) {
            // a JDK direct buffer, freed by the garbage collector with its answer (Netty's own would need a release)
            java.nio.ByteBuffer direct =
                    java.nio.ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
            return io.netty.buffer.Unpooled.unreleasableBuffer(io.netty.buffer.Unpooled.wrappedBuffer(direct));
        }

        private static byte[] gzip(byte[] body) {
            var out = new java.io.ByteArrayOutputStream(body.length / 4 + 64);
            try (var z = new java.util.zip.GZIPOutputStream(out)) {
                z.write(body);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e); // a ByteArrayOutputStream does not throw
            }
            return out.toByteArray();
        }
    }

    private record Entry(String stamp, Answer answer) {}

    // the stamp is read where the answer is rendered (the replica while it answers reads): an answer is never
    // stored under a stamp newer than the data it was rendered from
    @Routed
    private final DataSource dataSource;

    private final Replica replica;
    private final ReadCacheConfig config;
    private final MeterRegistry registry;

    /** An answer's renderer and when it was last asked for: what the background refresh renders again. */
    private static final class Hot {
        final Supplier<Answer> render;
        volatile long usedAt;

        Hot(Supplier<Answer> render, long usedAt) {
            this.render = render;
            this.usedAt = usedAt;
        }
    }

    /** Why an answer was rendered: a request missed it, or the background refresh rendered it ahead of requests. */
    public enum Trigger {
        REQUEST,
        REFRESH
    }

    /** Renderers remembered at most; past it the list starts over. */
    private static final int MAX_HOT = 4096;

    private static final Logger LOG = Logger.getLogger(ReadCache.class);

    private final ConcurrentHashMap<String, Hot> hot = new ConcurrentHashMap<>();
    private volatile String refreshedStamp;
    private volatile ScheduledExecutorService refresher;
    /** Background renderings queued or running (gauge podium_read_background_busy: benchmarks wait for 0). */
    private final java.util.concurrent.atomic.AtomicInteger busy = new java.util.concurrent.atomic.AtomicInteger();

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
        return current(key, s);
    }

    /**
     * The cached answer when the stamp is not due and the answer is of it, else null; unlike {@link #peek} it never
     * takes the turn to re-read the stamp, so a caller that gets null and hands the request on to one that peeks
     * leaves that turn to it (the fast path before the REST layer).
     */
    public Answer peekFresh(String key) {
        String s = stamp;
        if (s == null
                || System.nanoTime() - stampReadAt >= config.checkInterval().toNanos()) {
            return null;
        }
        return current(key, s);
    }

    private Answer current(String key, String s) {
        Entry e = entries.get(key);
        if (e == null || !e.stamp().equals(s)) {
            return null;
        }
        Hot h = hot.get(key);
        if (h != null) {
            h.usedAt = System.nanoTime();
        }
        return e.answer();
    }

    /**
     * The cached answer, or one rendered now; may read the runs stamp from the database (blocking). Requests missing
     * the same key wait for one rendering instead of each running the queries.
     */
    public Answer get(String key, Supplier<Answer> render) {
        if (hot.size() >= MAX_HOT) {
            hot.clear(); // a scan of many distinct queries; the ones asked for again come back
        }
        hot.put(key, new Hot(render, System.nanoTime()));
        return replica.read(() -> get(key, render, Trigger.REQUEST));
    }

    private Answer get(String key, Supplier<Answer> render, Trigger trigger) {
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
            registry.counter("podium.read.renders", "trigger", trigger.name().toLowerCase(java.util.Locale.ROOT))
                    .increment();
            if (bytes.addAndGet(answer.size()) > MAX_BYTES) {
                entries.clear();
                locks.clear();
                bytes.set(answer.size());
            }
            entries.put(key, new Entry(current, answer));
            return answer;
        }
    }

    /**
     * Renders {@code key} now unless the cache holds it for the current stamp, and keeps it fresh in the background as
     * if it had just been asked for (the default boards at start). Blocking.
     */
    public void prerender(String key, Supplier<Answer> render) {
        hot.put(key, new Hot(render, System.nanoTime()));
        replica.read(() -> get(key, render, Trigger.REFRESH));
    }

    void onStart(@Observes StartupEvent event) {
        ScheduledExecutorService r = refresher();
        if (r != null) {
            long every = Math.max(config.checkInterval().toMillis(), 1000);
            r.scheduleWithFixedDelay(this::refreshHot, every, every, TimeUnit.MILLISECONDS);
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        ScheduledExecutorService r = refresher;
        if (r != null) {
            r.shutdownNow();
        }
    }

    /** The refresh thread, started on first use; null when refresh is off. */
    private synchronized ScheduledExecutorService refresher() {
        if (refresher == null && config.refresh()) {
            refresher = Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "podium-read-refresh");
                t.setDaemon(true);
                return t;
            });
            registry.gauge("podium.read.background.busy", busy);
        }
        return refresher;
    }

    /**
     * Runs {@code task} on the refresh thread (after any refresh in progress) with a request context, as renderers
     * expect; false, and nothing run, when refresh is off.
     */
    public boolean inBackground(Runnable task) {
        ScheduledExecutorService r = refresher();
        if (r == null) {
            return false;
        }
        busy.incrementAndGet();
        r.execute(() -> {
            ManagedContext requestContext = Arc.container().requestContext();
            requestContext.activate();
            try {
                task.run();
            } catch (RuntimeException e) {
                LOG.debugf("background rendering failed: %s", e.getMessage());
            } finally {
                requestContext.terminate();
                busy.decrementAndGet();
            }
        });
        return true;
    }

    /**
     * When the stamp moved since the last look, renders again the answers asked for within {@code refresh-for}, most
     * recent first (at most {@code refresh-max}); requests for one of them meanwhile wait for that rendering instead
     * of starting their own.
     */
    void refreshHot() {
        try {
            String now = replica.read(this::stamp);
            if (now.equals(refreshedStamp)) {
                return;
            }
            refreshedStamp = now;
            busy.incrementAndGet();
            try {
                renderHot();
            } finally {
                busy.decrementAndGet();
            }
        } catch (RuntimeException e) {
            LOG.debugf("background refresh skipped: %s", e.getMessage()); // e.g. the database is away; next tick
        }
    }

    private void renderHot() {
        long cutoff = System.nanoTime() - config.refreshFor().toNanos();
        hot.entrySet().removeIf(e -> e.getValue().usedAt - cutoff < 0);
        List<Map.Entry<String, Hot>> due = new ArrayList<>(hot.entrySet());
        due.sort(Comparator.comparingLong((Map.Entry<String, Hot> e) -> e.getValue().usedAt)
                .reversed());
        ManagedContext requestContext = Arc.container().requestContext();
        for (Map.Entry<String, Hot> e : due.subList(0, Math.min(due.size(), config.refreshMax()))) {
            requestContext.activate();
            try {
                replica.read(() -> get(e.getKey(), e.getValue().render, Trigger.REFRESH));
            } catch (RuntimeException failed) {
                hot.remove(e.getKey()); // a request renders it (and reports the failure) when it is asked for
                LOG.debugf("background refresh of %s failed: %s", e.getKey(), failed.getMessage());
            } finally {
                requestContext.terminate();
            }
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
