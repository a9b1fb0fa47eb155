package dev.podium.changes;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.quality.QualityFlags;
import dev.podium.read.SeriesKey;
import dev.podium.webhook.WebhookDeliveries;
import dev.podium.webhook.Webhooks;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.jboss.logging.Logger;

/**
 * Recomputes the change points of every series a new run touches, after its ingest committed, on one background
 * thread (never on the read path, never in the ingest's way), stores them and queues the new ones for the webhooks in
 * the same transaction. Across replicas each series is recomputed by one at a time (an advisory lock on the series,
 * held from reading its points to storing its change points), a change point is stored once (unique per series and
 * run) and announced only by the transaction that inserted it; each run's detection is claimed (RunDetections), and a
 * run whose detection did not run is taken by the sweep of any replica.
 */
@ApplicationScoped
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

    /**
     * A run's point of a series: its cell's figures (CPU microseconds per request null without usage) and what the
     * "changed" field compares.
     */
    record Point(
            long cellId,
            UUID runId,
            OffsetDateTime startedAt,
            double rps,
            double p99,
            Double cpuPerRequest,
            Map<String, String> meta,
            Double allocationPerRequest) {

        Double figure(String metric) {
            return switch (metric) {
                case "throughput" -> rps;
                case "p99" -> p99;
                case ALLOCATION_PER_REQUEST -> allocationPerRequest;
                default -> cpuPerRequest;
            };
        }
    }

    @Inject
    DataSource dataSource;

    @Inject
    ChangesConfig config;

    @Inject
    Webhooks webhooks;

    @Inject
    WebhookDeliveries outbox;

    @Inject
    RunDetections detections;

    @Inject
    ObjectMapper json;

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
                        "select distinct host_class, vcpus, framework, io_model, scenario, load_model, connections,"
                                + " target_rate, topology, jvm_mode from change_points where tested_on is null",
                        List.of(),
                        rs -> new SeriesKey(
                                rs.getString(1),
                                rs.getInt(2),
                                rs.getString(3),
                                rs.getString(4),
                                rs.getString(5),
                                rs.getString(6),
                                rs.getInt(7),
                                rs.getObject(8, Double.class),
                                rs.getString(9),
                                rs.getString(10)))) {
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
                rs -> new SeriesKey(
                        rs.getString(1),
                        rs.getInt(2),
                        rs.getString(3),
                        rs.getString(4),
                        rs.getString(5),
                        rs.getString(6),
                        rs.getInt(7),
                        rs.getObject(8, Double.class),
                        rs.getString(9),
                        rs.getString(10)));
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
        List<Point> all = points(c, s);
        Map<Long, double[][]> repeats =
                repeats(c, all.stream().map(Point::cellId).toList());
        List<ChangeView> fresh = new ArrayList<>();
        for (int m = 0; m < METRICS.size(); m++) {
            String metric = METRICS.get(m);
            // the runs that have the figure (CPU: those with usage); their indexes are the series' for this metric
            List<Point> points =
                    all.stream().filter(p -> p.figure(metric) != null).toList();
            double[] values = new double[points.size()];
            List<double[]> perRun = new ArrayList<>();
            for (int i = 0; i < points.size(); i++) {
                values[i] = points.get(i).figure(metric);
                perRun.add(repeats.getOrDefault(points.get(i).cellId(), new double[METRICS.size()][0])[m]);
            }
            RunsTTest tester = new RunsTTest(values, perRun);
            List<EDivisive.ChangePoint> cps = ChangeSearch.find(values, perRun, config.settings());
            fresh.addAll(store(c, s, metric, points, cps, tester));
        }
        return fresh;
    }

    private List<ChangeView> store(
            Connection c,
            SeriesKey s,
            String metric,
            List<Point> points,
            List<EDivisive.ChangePoint> cps,
            RunsTTest tester)
            throws SQLException {
        String key = key(s, metric);
        List<ChangeView> fresh = new ArrayList<>();
        {
            {
                List<UUID> kept = new ArrayList<>();
                for (int i = 0; i < cps.size(); i++) {
                    int from = i == 0 ? 0 : cps.get(i - 1).index();
                    int at = cps.get(i).index();
                    int to =
                            i == cps.size() - 1 ? points.size() : cps.get(i + 1).index();
                    RunsTTest.Segment before = tester.segment(from, at);
                    RunsTTest.Segment after = tester.segment(at, to);
                    Double effectSize = tester.effectSize(from, at, to);
                    Point last = points.get(at - 1);
                    Point first = points.get(at);
                    kept.add(first.runId());
                    Map<String, ChangeView.Change> changed = new LinkedHashMap<>();
                    last.meta().forEach((field, value) -> {
                        if (!Objects.equals(value, first.meta().get(field))) {
                            changed.put(
                                    field,
                                    new ChangeView.Change(value, first.meta().get(field)));
                        }
                    });
                    double effect = (after.mean() - before.mean()) / before.mean() * 100;
                    try (PreparedStatement ps = c.prepareStatement("insert into change_points (series_key, metric, "
                            + "host_class, vcpus, framework, io_model, scenario, load_model, connections, target_rate, "
                            + "run_before, run_after, at, runs_before, runs_after, mean_before, ci_low_before, "
                            + "ci_high_before, mean_after, ci_low_after, ci_high_after, effect_percent, p_value, changed, "
                            + "topology, spread_before, spread_after, effect_size, tested_on, jvm_mode) "
                            + "values (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?::jsonb,?,?,?,?,'runs',?) "
                            + "on conflict (series_key, run_after) do update set run_before = excluded.run_before, "
                            + "runs_before = excluded.runs_before, runs_after = excluded.runs_after, "
                            + "mean_before = excluded.mean_before, ci_low_before = excluded.ci_low_before, "
                            + "ci_high_before = excluded.ci_high_before, mean_after = excluded.mean_after, "
                            + "ci_low_after = excluded.ci_low_after, ci_high_after = excluded.ci_high_after, "
                            + "effect_percent = excluded.effect_percent, p_value = excluded.p_value, changed = excluded.changed, "
                            + "spread_before = excluded.spread_before, spread_after = excluded.spread_after, "
                            + "effect_size = excluded.effect_size, tested_on = excluded.tested_on "
                            + "returning id, detected_at, (xmax = 0)")) {
                        Object[] v = {
                            key,
                            metric,
                            s.hostClass(),
                            s.vcpus(),
                            s.framework(),
                            s.ioModel(),
                            s.scenario(),
                            s.loadModel(),
                            s.connections(),
                            s.targetRate(),
                            last.runId(),
                            first.runId(),
                            first.startedAt(),
                            at - from,
                            to - at,
                            before.mean(),
                            before.ciLow(),
                            before.ciHigh(),
                            after.mean(),
                            after.ciLow(),
                            after.ciHigh(),
                            effect,
                            cps.get(i).stats().pValue(),
                            write(changed),
                            dev.podium.topology.Topology.of(s.topology()),
                            before.spread(),
                            after.spread(),
                            effectSize,
                            dev.podium.jvmmode.JvmMode.of(s.jvmMode())
                        };
                        for (int k = 0; k < v.length; k++) {
                            ps.setObject(k + 1, v[k]);
                        }
                        ChangeView inserted = null;
                        try (ResultSet rs = ps.executeQuery()) {
                            rs.next();
                            if (rs.getBoolean(3)) { // inserted, not updated: new here, announced here only
                                inserted = new ChangeView(
                                        rs.getLong(1),
                                        metric,
                                        s.hostClass(),
                                        s.vcpus(),
                                        s.framework(),
                                        s.ioModel(),
                                        s.scenario(),
                                        s.loadModel(),
                                        s.connections(),
                                        s.targetRate(),
                                        last.runId(),
                                        first.runId(),
                                        first.startedAt(),
                                        at - from,
                                        to - at,
                                        new ChangeView.Segment(
                                                before.mean(), before.ciLow(), before.ciHigh(), before.spread()),
                                        new ChangeView.Segment(
                                                after.mean(), after.ciLow(), after.ciHigh(), after.spread()),
                                        effect,
                                        effectSize,
                                        cps.get(i).stats().pValue(),
                                        changed,
                                        rs.getObject(2, OffsetDateTime.class),
                                        dev.podium.topology.Topology.of(s.topology()),
                                        dev.podium.jvmmode.JvmMode.of(s.jvmMode()));
                            }
                        }
                        if (inserted != null) {
                            fresh.add(inserted);
                            webhooks.enqueue(c, inserted.id(), "change-point.detected", inserted);
                        }
                    }
                }
                // a change the longer series no longer supports (a lone outlier once the next run is back) goes
                try (PreparedStatement ps = c.prepareStatement(
                        "delete from change_points where series_key = ? and not (run_after = any (?))")) {
                    ps.setString(1, key);
                    ps.setArray(2, c.createArrayOf("uuid", kept.toArray()));
                    ps.executeUpdate();
                }
            }
        }
        return fresh;
    }

    /**
     * A cell carrying a quality flag (QualityFlags.QUALITY: the payload's, or over the error limit or noisy as the
     * service found it) is no point of its series: a level it shows is not the target's, so no change is claimed on
     * it, and it does not move the segments either side.
     */
    static final String UNFLAGGED = "and not (c.flags && array[" + String.join(", ", quoted(QualityFlags.QUALITY))
            + "]::text[]) and c.over_error_limit is not true and c.noisy is not true ";

    private static List<String> quoted(List<String> names) {
        return names.stream().map(n -> "'" + n + "'").toList(); // fixed names, not input
    }

    private List<Point> points(Connection c, SeriesKey s) throws SQLException {
        List<Point> all = query(
                c,
                "select c.id, c.run_id, r.started_at, c.rps_trimmed_mean, c.p99_median, "
                        + "c.framework_version, r.suite_commit, r.jvm_vendor, r.jvm_version, r.agent_version, r.host_kernel, "
                        + "c.req_per_cpu_second, c.allocated_bytes_per_request from cells c join runs r on r.id = c.run_id where r.host_class = ? and c.vcpus = ? and c.framework = ? "
                        + "and c.io_model = ? and c.scenario = ? and c.load_model = ? and c.connections = ? "
                        + "and c.target_rate is not distinct from ? and c.topology = ? and c.jvm_mode = ? "
                        + "and c.rps_trimmed_mean is not null "
                        + UNFLAGGED
                        + "order by r.started_at, r.received_at, r.id, c.ordinal",
                List.of(
                        s.hostClass(),
                        s.vcpus(),
                        s.framework(),
                        s.ioModel(),
                        s.scenario(),
                        s.loadModel(),
                        s.connections(),
                        s.targetRate() == null ? new NullDouble() : s.targetRate(),
                        dev.podium.topology.Topology.of(s.topology()),
                        dev.podium.jvmmode.JvmMode.of(s.jvmMode())),
                rs -> {
                    Map<String, String> meta = new LinkedHashMap<>();
                    meta.put("frameworkVersion", rs.getString(6));
                    meta.put("suiteCommit", rs.getString(7));
                    meta.put("jvmVendor", rs.getString(8));
                    meta.put("jvmVersion", rs.getString(9));
                    meta.put("agentVersion", rs.getString(10));
                    meta.put("kernel", rs.getString(11));
                    Double perCpuSecond = rs.getObject(12, Double.class);
                    return new Point(
                            rs.getLong(1),
                            rs.getObject(2, UUID.class),
                            rs.getObject(3, OffsetDateTime.class),
                            rs.getDouble(4),
                            rs.getDouble(5),
                            perCpuSecond == null || !(perCpuSecond > 0) ? null : 1e6 / perCpuSecond,
                            meta,
                            rs.getObject(13, Double.class));
                });
        List<Point> one = new ArrayList<>(); // one point per run: its first cell of the series
        for (Point p : all) {
            if (one.isEmpty() || !one.get(one.size() - 1).runId().equals(p.runId())) {
                one.add(p);
            }
        }
        return one;
    }

    /**
     * cell id -> each metric's figure of each repeat, in METRICS' order (CPU microseconds per request only for the
     * repeats that recorded usage, as the cell's requests per CPU-second).
     */
    private Map<Long, double[][]> repeats(Connection c, List<Long> cellIds) throws SQLException {
        Map<Long, List<Double[]>> lists = new HashMap<>();
        query(
                c,
                "select cell_id, requests_per_second, p99_ms, case when requests > 0 and target_cpu_user_seconds"
                        + " + target_cpu_system_seconds > 0 then (target_cpu_user_seconds + target_cpu_system_seconds)"
                        + " / requests * 1e6 end, allocated_bytes_per_request from repeats where cell_id = any (?)"
                        + " order by cell_id, ordinal",
                List.of((Object) cellIds.toArray(new Long[0])),
                rs -> lists.computeIfAbsent(rs.getLong(1), k -> new ArrayList<>())
                        .add(new Double[] {
                            rs.getDouble(2),
                            rs.getDouble(3),
                            rs.getObject(4, Double.class),
                            rs.getObject(5, Double.class)
                        }));
        Map<Long, double[][]> out = new HashMap<>();
        lists.forEach((id, l) -> {
            double[][] r = new double[METRICS.size()][];
            for (int m = 0; m < r.length; m++) {
                int metric = m;
                r[m] = l.stream()
                        .filter(x -> x[metric] != null)
                        .mapToDouble(x -> x[metric])
                        .toArray();
            }
            out.put(id, r);
        });
        return out;
    }

    /** A typed SQL null for "is not distinct from ?". */
    private record NullDouble() {}

    @FunctionalInterface
    interface Mapper<T> {
        T map(ResultSet rs) throws SQLException;
    }

    private <T> List<T> query(String sql, List<Object> values, Mapper<T> mapper) {
        try (Connection c = dataSource.getConnection()) {
            return query(c, sql, values, mapper);
        } catch (SQLException e) {
            throw new IllegalStateException("change points query failed", e);
        }
    }

    private static <T> List<T> query(Connection c, String sql, List<Object> values, Mapper<T> mapper)
            throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < values.size(); i++) {
                Object v = values.get(i);
                if (v instanceof NullDouble) {
                    ps.setNull(i + 1, java.sql.Types.DOUBLE);
                } else if (v instanceof Long[] ids) {
                    Array array = c.createArrayOf("bigint", ids);
                    ps.setArray(i + 1, array);
                } else {
                    ps.setObject(i + 1, v);
                }
            }
            List<T> rows = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(mapper.map(rs));
                }
            }
            return rows;
        } catch (SQLException e) {
            throw new IllegalStateException("change points query failed", e);
        }
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
