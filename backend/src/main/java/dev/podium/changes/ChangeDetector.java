package dev.podium.changes;

import dev.podium.common.Rows;
import dev.podium.read.SeriesKey;
import dev.podium.webhook.WebhookDeliveries;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import lombok.RequiredArgsConstructor;
import org.jboss.logging.Logger;

/**
 * Recomputes the change points of every series a new run touches, after its ingest committed, on one background
 * thread (never on the read path, never in the ingest's way), stores them and queues the new ones for the webhooks in
 * the same transaction. Across replicas each series is recomputed by one at a time (an advisory lock on the series,
 * held from reading its points to storing its change points), a change point is stored once (unique per series and
 * run) and announced only by the transaction that inserted it; each run's detection is claimed (RunDetections), and a
 * run whose detection did not run is taken by the sweep of any replica. SeriesPoints reads a series' points,
 * ChangePointStore stores what is found in them.
 */
@ApplicationScoped
@RequiredArgsConstructor
public class ChangeDetector {

    private static final Logger LOG = Logger.getLogger(ChangeDetector.class);
    static final String CPU_PER_REQUEST = "cpu-per-request";
    static final String ALLOCATION_PER_REQUEST = "allocation-per-request";

    /** Requests/s, p99 latency, CPU time per request where the run recorded usage, bytes allocated per request (JVM). */
    static final List<String> METRICS = List.of("throughput", "p99", CPU_PER_REQUEST, ALLOCATION_PER_REQUEST);

    /** The key a series' change points are stored under; single-instance series keep the one they had before topology. */
    static String key(SeriesKey s, String metric) {
        return String.join(
                        "\u001f",
                        metric,
                        s.hostClass(),
                        String.valueOf(s.vcpus()),
                        s.framework(),
                        s.ioModel(),
                        s.scenario(),
                        s.loadModel(),
                        String.valueOf(s.connections()),
                        String.valueOf(s.targetRate()))
                + dev.podium.topology.Topology.keySuffix(s.topology())
                + dev.podium.jvmmode.JvmMode.keySuffix(s.jvmMode());
    }

    private final DataSource dataSource;
    private final ChangesConfig config;
    private final ChangePointStore store;
    private final WebhookDeliveries outbox;
    private final RunDetections detections;

    // one thread: recomputes of one series never race, and they take one core at most
    private final ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "podium-changes");
        t.setDaemon(true);
        return t;
    });

    private final java.util.concurrent.ScheduledExecutorService sweeper =
            Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "podium-changes-sweep");
                t.setDaemon(true);
                return t;
            });

    @PreDestroy
    void stop() {
        sweeper.shutdownNow();
        executor.shutdownNow();
    }

    /** Queues the recompute of the series of a run that was just stored; returns at once. */
    public Future<?> runStored(UUID runId) {
        return executor.submit(() -> analyse(runId));
    }

    /**
     * The detection of one run, if no replica has it: claimed, its series recomputed, marked done. Not marked when it
     * fails (or this replica dies): the claim runs out and a sweep takes the run again.
     */
    boolean analyse(UUID runId) {
        if (!detections.claim(runId)) {
            return false;
        }
        try {
            recomputeRun(runId);
            detections.done(runId);
            return true;
        } catch (RuntimeException e) {
            LOG.errorf(e, "change points of run %s not recomputed; a later sweep tries again", runId);
            return false;
        }
    }

    /**
     * The runs whose detection did not run (no replica took them, or the one that did died), claimed and analysed here,
     * up to 20 at a time: each series they touch recomputed once. Returns the runs analysed.
     */
    public int sweep() {
        List<UUID> claimed = new ArrayList<>();
        for (UUID runId : detections.undone(20)) {
            if (detections.claim(runId)) {
                claimed.add(runId);
            }
        }
        if (claimed.isEmpty()) {
            return 0;
        }
        try {
            java.util.Set<SeriesKey> series = new java.util.LinkedHashSet<>();
            claimed.forEach(runId -> series.addAll(seriesOf(runId)));
            series.forEach(this::recompute);
            claimed.forEach(detections::done);
            LOG.infof("change detection of %d run(s) that had none done by the sweep", claimed.size());
            return claimed.size();
        } catch (RuntimeException e) {
            LOG.errorf(
                    e, "sweep: change points of %d run(s) not recomputed; a later sweep tries again", claimed.size());
            return 0;
        }
    }

    /** Sweeps on this detector's thread, so that a sweep and the recomputes of new runs take one core at most. */
    Future<Integer> sweepSoon() {
        return executor.submit(this::sweep);
    }

    /** At start: the series whose change points the older test on the repeats stored are recomputed, once. */
    void onStart(@Observes StartupEvent event) {
        long every = Math.max(100, config.detectionSweepInterval().toMillis());
        sweeper.scheduleWithFixedDelay(
                () -> {
                    try {
                        sweepSoon().get();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    } catch (java.util.concurrent.ExecutionException | RuntimeException e) {
                        LOG.warnf("sweep for runs without change detection failed: %s", e);
                    }
                },
                every,
                every,
                java.util.concurrent.TimeUnit.MILLISECONDS);
        executor.submit(() -> {
            try {
                for (SeriesKey s : query(
                        "select distinct " + SeriesKey.COLUMNS + " from change_points where tested_on is null",
                        List.of(),
                        SeriesKey::of)) {
                    recompute(s);
                }
            } catch (RuntimeException e) {
                LOG.errorf(e, "change points of the older test not recomputed");
            }
        });
    }

    void recomputeRun(UUID runId) {
        for (SeriesKey s : seriesOf(runId)) {
            recompute(s);
        }
    }

    private List<SeriesKey> seriesOf(UUID runId) {
        return query(
                "select distinct r.host_class, c.vcpus, c.framework, c.io_model, c.scenario, "
                        + "c.load_model, c.connections, c.target_rate, c.topology, c.jvm_mode from cells c"
                        + " join runs r on r.id = c.run_id where c.run_id = ?",
                List.of(runId),
                SeriesKey::of);
    }

    /**
     * The change points of one series, every metric, stored, and the new ones queued for the webhooks; returns the new
     * ones. One transaction under the series' advisory lock: a second replica recomputing the series waits, then reads
     * the points (and change points) this one committed.
     */
    public List<ChangeView> recompute(SeriesKey s) {
        List<ChangeView> fresh;
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                try (PreparedStatement ps =
                        c.prepareStatement("select pg_advisory_xact_lock(hashtextextended(?, 0))")) {
                    ps.setString(1, key(s, "series"));
                    ps.execute();
                }
                fresh = recompute(c, s);
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("change points of " + key(s, "series") + " not recomputed", e);
        }
        if (!fresh.isEmpty()) {
            outbox.nudge();
        }
        return fresh;
    }

    private List<ChangeView> recompute(Connection c, SeriesKey s) throws SQLException {
        List<SeriesPoints.Point> all = SeriesPoints.points(c, s);
        Map<Long, double[][]> repeats = SeriesPoints.repeats(
                c, all.stream().map(SeriesPoints.Point::cellId).toList());
        List<ChangeView> fresh = new ArrayList<>();
        for (int m = 0; m < METRICS.size(); m++) {
            String metric = METRICS.get(m);
            // the runs that have the figure (CPU: those with usage); their indexes are the series' for this metric
            List<SeriesPoints.Point> points =
                    all.stream().filter(p -> p.figure(metric) != null).toList();
            double[] values = new double[points.size()];
            List<double[]> perRun = new ArrayList<>();
            for (int i = 0; i < points.size(); i++) {
                values[i] = points.get(i).figure(metric);
                perRun.add(repeats.getOrDefault(points.get(i).cellId(), new double[METRICS.size()][0])[m]);
            }
            RunsTTest tester = new RunsTTest(values, perRun);
            List<EDivisive.ChangePoint> cps = ChangeSearch.find(values, perRun, config.settings());
            fresh.addAll(store.store(c, s, metric, points, cps, tester));
        }
        return fresh;
    }

    private <T> List<T> query(String sql, List<Object> values, Rows.Mapper<T> mapper) {
        try (Connection c = dataSource.getConnection()) {
            return SeriesPoints.query(c, sql, values, mapper);
        } catch (SQLException e) {
            throw new IllegalStateException("change points query failed", e);
        }
    }
}
