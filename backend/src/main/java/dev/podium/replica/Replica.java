package dev.podium.replica;

import dev.podium.common.ProblemException;
import io.agroal.api.AgroalDataSource;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.arc.InjectableInstance;
import io.quarkus.hibernate.orm.panache.Panache;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptor;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Status;
import jakarta.transaction.SystemException;
import jakarta.transaction.TransactionManager;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.hibernate.FlushMode;
import org.hibernate.Session;
import org.hibernate.SessionFactory;
import org.jboss.logging.Logger;

/**
 * Where the service's reads go. With a streaming replica configured (PODIUM_DB_READ_URL: the datasource named
 * {@code read}), a read ({@link #read}, {@link ReplicaRead}) runs on the replica while the replica is usable: reachable
 * and known to hold everything the primary had committed at most {@link ReplicaConfig#maxLag} ago ({@link WalWindow},
 * checked every {@link ReplicaConfig#checkInterval} by {@link ReplicaCheck}). Otherwise, and again when the replica
 * fails the read (a connection lost, a query cancelled) or does not find what was asked for (a run stored since), the
 * read runs on the primary: never an error of its own. Writes, transactions and the reads outside {@link #read} (a
 * write's own reads, background work) always use the primary. Without a replica every read is the primary's, exactly
 * as the service was before.
 *
 * <p>Metrics: {@code podium_read_answered_total{source="replica"|"primary"}} (reads that used the database, by where
 * they ran), {@code podium_read_fallback_total{reason="down"|"lag"|"error"|"not-found"}} (reads the replica should have
 * answered that the primary answered), {@code podium_read_replica_behind_seconds} (the bound above; NaN before the
 * first check) and {@code podium_read_replica_usable} (1 or 0).
 */
@ApplicationScoped
public class Replica {

    private static final Logger LOG = Logger.getLogger(Replica.class);

    /** The longest the start waits for the first check (a replica that is down or frozen does not hold the start). */
    private static final Duration FIRST_CHECK_WAIT = Duration.ofSeconds(2);

    /** The read running on this thread, if any: nested reads join it. */
    private static final ThreadLocal<ReadScope> SCOPE = new ThreadLocal<>();

    private final DataSource primary;
    private final InjectableInstance<AgroalDataSource> named;
    private final Instance<SessionFactory> sessions;
    private final TransactionManager transactions;
    private final ReplicaConfig config;
    private final MeterRegistry registry;

    @Inject
    Replica(
            DataSource primary,
            @io.quarkus.agroal.DataSource("read") InjectableInstance<AgroalDataSource> named,
            Instance<SessionFactory> sessions,
            TransactionManager transactions,
            ReplicaConfig config,
            MeterRegistry registry) {
        this.primary = primary;
        this.named = named;
        this.sessions = sessions;
        this.transactions = transactions;
        this.config = config;
        this.registry = registry;
    }

    /** The replica's pool; null when none is configured (the datasource {@code read} is inactive). */
    private AgroalDataSource replica;

    private RoutedDataSource routed;
    private final WalWindow window = new WalWindow();
    /** The last check reached the replica and no read failed on it since. */
    private volatile boolean reachable;
    /** A check has come back (before that, reads go to the primary without a word in the log). */
    private volatile boolean checked;

    private volatile String lastError = "not checked yet";
    private final AtomicReference<String> state = new AtomicReference<>("unchecked");
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();
    private ScheduledExecutorService checker;

    @PostConstruct
    void resolve() {
        routed = new RoutedDataSource(this, primary);
        if (named.isResolvable() && named.getHandle().getBean().isActive()) {
            replica = named.get();
        }
    }

    /**
     * Before the other start-up work (the default boards rendered in the background): the first check, waited for at
     * most {@link #FIRST_CHECK_WAIT}, so that those reads already know where to go; then one every check interval.
     */
    void start(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) StartupEvent event) {
        if (replica == null) {
            return;
        }
        Gauge.builder("podium.read.replica.behind.seconds", this, Replica::behindSeconds)
                .strongReference(true)
                .register(registry);
        Gauge.builder("podium.read.replica.usable", this, r -> r.reason() == null ? 1 : 0)
                .strongReference(true)
                .register(registry);
        ReplicaCheck check = new ReplicaCheck(primary, replica, window, this);
        checker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "podium-replica-check");
            t.setDaemon(true);
            return t;
        });
        LOG.infof(
                "reads may go to the replica (PODIUM_DB_READ_URL) while it is at most %s behind the primary"
                        + " (PODIUM_DB_READ_MAX_LAG), checked every %s",
                seconds(config.maxLag().toNanos()),
                seconds(config.checkInterval().toNanos()));
        long every = Math.max(10, config.checkInterval().toMillis());
        Future<?> first = checker.submit(check::run);
        try {
            first.get(FIRST_CHECK_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            LOG.debugf("the first check of the replica is not back yet: reads go to the primary until it is");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        checker.scheduleWithFixedDelay(check::run, every, every, TimeUnit.MILLISECONDS);
    }

    void stop(@Observes ShutdownEvent event) {
        if (checker != null) {
            checker.shutdownNow();
        }
    }

    /** The DataSource of the code that serves reads: see {@link Routed}. */
    @Produces
    @Routed
    DataSource routed() {
        return routed;
    }

    /** Runs {@code work} as one read (see the class comment); nested in another read it joins that one. */
    public <T> T read(Supplier<T> work) {
        try {
            return call(work::get);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e); // a Supplier throws none
        }
    }

    /** {@link #read} of work that may throw (an intercepted method). */
    public <T> T call(Callable<T> work) throws Exception {
        if (replica == null || SCOPE.get() != null || inTransaction()) {
            return work.call(); // no replica; a read within a read; the read half of a write
        }
        String fallback = reason();
        if (checked) {
            note(fallback == null ? "replica" : fallback);
        }
        if (fallback == null) {
            ReadScope scope = new ReadScope(true, null);
            SCOPE.set(scope);
            try {
                T answer = work.call();
                answered(scope);
                return answer;
            } catch (Exception e) {
                fallback = scope.usedReplica ? retryReason(e) : null;
                if (fallback == null) {
                    throw e;
                }
                if (fallback.equals("error")) {
                    failed(e);
                }
            } finally {
                SCOPE.remove();
                scope.close();
            }
        }
        ReadScope scope = new ReadScope(false, fallback);
        SCOPE.set(scope);
        try {
            T answer = work.call();
            answered(scope);
            return answer;
        } finally {
            SCOPE.remove();
            scope.close();
        }
    }

    /**
     * The EntityManager of code that serves reads with Hibernate: inside a read routed to the replica a read-only
     * session on a replica connection (closed with the read), everywhere else Panache's own on the primary.
     */
    public EntityManager entityManager() {
        ReadScope scope = SCOPE.get();
        if (scope == null || !scope.onReplica) {
            if (scope != null) {
                scope.usedDatabase = true;
            }
            return Panache.getEntityManager();
        }
        scope.usedDatabase = true;
        scope.usedReplica = true;
        if (scope.session == null) {
            try {
                scope.connection = replica.getConnection();
            } catch (SQLException e) {
                throw new PersistenceException("a connection to the replica", e);
            }
            Session session =
                    sessions.get().withOptions().connection(scope.connection).openSession();
            session.setDefaultReadOnly(true);
            session.setHibernateFlushMode(FlushMode.MANUAL);
            scope.session = session;
        }
        return scope.session;
    }

    /** A connection for {@link RoutedDataSource}: the replica's inside a read routed there, else the primary's. */
    Connection connection() throws SQLException {
        ReadScope scope = replica == null ? null : SCOPE.get();
        if (scope == null) {
            return primary.getConnection();
        }
        scope.usedDatabase = true;
        if (!scope.onReplica) {
            return primary.getConnection();
        }
        scope.usedReplica = true;
        return replica.getConnection();
    }

    private boolean inTransaction() {
        try {
            return transactions.getStatus() != Status.STATUS_NO_TRANSACTION;
        } catch (SystemException e) {
            return true; // cannot tell: the primary, as a write would
        }
    }

    /** Why the replica cannot answer a read now, or null when it can. */
    private String reason() {
        if (!reachable) {
            return "down";
        }
        return window.behindNanos(System.nanoTime()) > config.maxLag().toNanos() ? "lag" : null;
    }

    /** Why a read that failed on the replica is asked again of the primary, or null when its failure is the answer. */
    private static String retryReason(Throwable error) {
        int depth = 0;
        for (Throwable t = error; t != null && depth < 32; t = t.getCause(), depth++) {
            if (t instanceof ProblemException p && p.status() == 404 || t instanceof jakarta.ws.rs.NotFoundException) {
                return "not-found"; // the replica may not hold it yet
            }
            if (t instanceof SQLException || t instanceof PersistenceException) {
                return "error";
            }
        }
        return null;
    }

    private void answered(ReadScope scope) {
        if (!scope.usedDatabase) {
            return; // answered from memory (a cached answer): neither database was asked
        }
        counter("podium.read.answered", "source", scope.onReplica ? "replica" : "primary")
                .increment();
        if (scope.fallback != null) {
            counter("podium.read.fallback", "reason", scope.fallback).increment();
        }
    }

    private Counter counter(String name, String tag, String value) {
        return counters.computeIfAbsent(name + value, k -> registry.counter(name, tag, value));
    }

    /** A read failed on the replica: the reads after it go to the primary until a check reaches the replica again. */
    private void failed(Throwable error) {
        lastError = rootMessage(error);
        reachable = false;
        replica.flush(AgroalDataSource.FlushMode.GRACEFUL); // its other connections may be as broken
        note("down");
    }

    // --- what ReplicaCheck reports ---

    /** A check reached the replica (and compared its replay position with the primary's). */
    void reached() {
        reachable = true;
        checked = true;
        note(reason() == null ? "replica" : "lag");
    }

    /** A check could not reach the replica. */
    void unreachable(Throwable error) {
        lastError = rootMessage(error);
        reachable = false;
        checked = true;
        replica.flush(AgroalDataSource.FlushMode.GRACEFUL);
        note("down");
    }

    /** Logs where reads go when that changes: one line per change, whichever thread sees it first. */
    private void note(String now) {
        String before = state.get();
        if (now.equals(before) || !state.compareAndSet(before, now)) {
            return;
        }
        String behind = seconds(window.behindNanos(System.nanoTime()));
        switch (now) {
            case "replica" ->
                LOG.infof(
                        "reads go to the replica%s: it is at most %s behind the primary (PODIUM_DB_READ_MAX_LAG %s)",
                        before.equals("unchecked") ? "" : " again",
                        behind,
                        seconds(config.maxLag().toNanos()));
            case "lag" ->
                LOG.warnf(
                        "reads go to the primary: the replica may be %s behind it, more than PODIUM_DB_READ_MAX_LAG"
                                + " (%s)",
                        behind, seconds(config.maxLag().toNanos()));
            default -> LOG.warnf("reads go to the primary: the replica cannot be used (%s)", lastError);
        }
    }

    private double behindSeconds() {
        long behind = window.behindNanos(System.nanoTime());
        return behind == Long.MAX_VALUE ? Double.NaN : behind / 1e9;
    }

    private static String seconds(long nanos) {
        return nanos == Long.MAX_VALUE ? "an unknown time" : String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
    }

    private static String rootMessage(Throwable error) {
        Throwable t = error;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return String.valueOf(t.getMessage());
    }
}
