package dev.podium.segment;

import dev.podium.read.CellQueries;
import dev.podium.read.CellRow;
import dev.podium.read.SeriesKey;
import dev.podium.replica.Routed;
import dev.podium.stats.CellStatistics;
import dev.podium.stats.CellStats;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import javax.sql.DataSource;

/**
 * Pools a board cell's figure over its series' current segment: the runs since the series' last confirmed throughput
 * change point (stored by dev.podium.changes), up to the cell's run. Runs after a change point that fewer than
 * {@code podium.segment.confirm-runs} runs support are left out, so one bad run moves nothing until it is confirmed.
 */
@ApplicationScoped
public class Segments {

    /** The cells with their throughput figures pooled, and what each was pooled from. */
    public record Pooled(List<CellRow> cells, List<Segment> segments) {}

    /** A run's cell of a series, measured over {@code forks} JVM starts; revoked: its agent has been revoked since. */
    private record Point(long cellId, UUID runId, OffsetDateTime startedAt, boolean revoked, int forks) {}

    /** The runs pooled for a cell, and how many newer runs up to the cell's wait for confirmation. */
    private record Plan(List<Point> pooled, int unconfirmed) {}

    private final DataSource dataSource;
    private final CellQueries queries;
    private final SegmentConfig config;

    @Inject
    Segments(@Routed DataSource dataSource, CellQueries queries, SegmentConfig config) {
        this.dataSource = dataSource;
        this.queries = queries;
        this.config = config;
    }

    /**
     * {@code cells}: non-baseline cells of one host class, vCPU count, scenario and load model (of any topologies:
     * each topology is its own series). excludeRevoked: the
     * runs of revoked agents are not pooled; otherwise a figure pooled over one of them is marked agentRevoked.
     */
    public Pooled pool(List<CellRow> cells, boolean excludeRevoked) {
        if (cells.isEmpty()) {
            return new Pooled(cells, List.of());
        }
        CellRow any = cells.get(0);
        Set<String> frameworks = new LinkedHashSet<>();
        cells.forEach(c -> frameworks.add(c.framework()));
        Map<SeriesKey, List<Point>> series = new HashMap<>();
        query(
                "select c.id, c.run_id, r.started_at, c.framework, c.io_model, c.connections, c.target_rate, "
                        + CellQueries.AGENT_REVOKED + ", c.topology, c.forks, c.jvm_mode from cells c "
                        + "join runs r on r.id = c.run_id where r.host_class = ? and c.vcpus = ? and c.scenario = ? "
                        + "and c.load_model = ? and not c.baseline and c.rps_trimmed_mean is not null and c.framework = any (?) "
                        + "order by r.started_at, r.received_at, r.id, c.ordinal",
                any,
                frameworks,
                rs -> {
                    boolean revoked = rs.getBoolean(8);
                    if (excludeRevoked && revoked) {
                        return;
                    }
                    List<Point> points = series.computeIfAbsent(
                            key(
                                    any,
                                    rs.getString(4),
                                    rs.getString(5),
                                    rs.getString(9),
                                    rs.getString(11),
                                    rs.getInt(6),
                                    rs.getObject(7, Double.class)),
                            k -> new ArrayList<>());
                    UUID run = rs.getObject(2, UUID.class);
                    if (points.isEmpty()
                            || !points.get(points.size() - 1).runId().equals(run)) { // a run's first cell
                        points.add(new Point(
                                rs.getLong(1), run, rs.getObject(3, OffsetDateTime.class), revoked, rs.getInt(10)));
                    }
                });
        Map<SeriesKey, Map<UUID, Integer>> changes = new HashMap<>(); // series -> run after a change -> runs after it
        query(
                "select run_after, runs_after, framework, io_model, connections, target_rate, topology, jvm_mode"
                        + " from change_points "
                        + "where metric = 'throughput' and host_class = ? and vcpus = ? and scenario = ? and load_model = ? "
                        + "and framework = any (?)",
                any,
                frameworks,
                rs -> changes.computeIfAbsent(
                                key(
                                        any,
                                        rs.getString(3),
                                        rs.getString(4),
                                        rs.getString(7),
                                        rs.getString(8),
                                        rs.getInt(5),
                                        rs.getObject(6, Double.class)),
                                k -> new HashMap<>())
                        .put(rs.getObject(1, UUID.class), rs.getInt(2)));

        Map<Long, Plan> plans = new HashMap<>();
        List<Long> needed = new ArrayList<>();
        List<Segment> segments = new ArrayList<>();
        for (CellRow c : cells) {
            SeriesKey k = SeriesKey.of(c);
            List<Point> points = series.getOrDefault(k, List.of());
            int at = -1;
            for (int i = 0; i < points.size(); i++) {
                if (points.get(i).cellId() == c.id()) {
                    at = i;
                }
            }
            if (at < 0) {
                continue; // not its run's first cell of the series: the detector does not see it either
            }
            Map<UUID, Integer> cps = changes.getOrDefault(k, Map.of());
            int from = 0;
            int to = at + 1;
            for (int i = 1; i <= at; i++) {
                Integer runsAfter = cps.get(points.get(i).runId());
                if (runsAfter == null) {
                    continue;
                }
                if (runsAfter >= config.confirmRuns()) {
                    from = i;
                    to = at + 1;
                } else if (to == at + 1) {
                    to = i; // the runs from here on wait for confirmation
                }
            }
            List<Point> pooled = points.subList(from, to);
            plans.put(c.id(), new Plan(pooled, at + 1 - to));
            pooled.forEach(p -> needed.add(p.cellId()));
        }
        Map<Long, double[][]> repeats = queries.repeatRpsByStart(needed);
        List<CellRow> out = new ArrayList<>(cells.size());
        for (CellRow c : cells) {
            Plan plan = plans.get(c.id());
            List<Point> pooled = plan == null ? null : plan.pooled();
            double[][] runs = pooled == null
                    ? new double[0][]
                    : pooled.stream()
                            .map(p -> Arrays.stream(repeats.getOrDefault(p.cellId(), new double[0][]))
                                    .flatMapToDouble(Arrays::stream)
                                    .toArray()) // a run's repeats, of all its starts
                            .filter(r -> r.length > 0)
                            .toArray(double[][]::new);
            if (runs.length == 0 || c.stats() == null) {
                out.add(c);
                continue;
            }
            Point first = pooled.get(0);
            Point last = pooled.get(pooled.size() - 1);
            segments.add(new Segment(
                    c.id(),
                    pooled.size(),
                    Arrays.stream(runs).mapToInt(r -> r.length).sum(),
                    first.runId(),
                    first.startedAt(),
                    last.runId(),
                    plan.unconfirmed()));
            // a segment of one run is the cell itself: its stored statistics (over its JVM starts when it has several)
            boolean itself = pooled.size() == 1 && pooled.get(0).cellId() == c.id();
            out.add(c.withStats(
                    itself
                            ? c.stats()
                            : pooledStats(
                                    c.stats(),
                                    runs.length > 1
                                            ? runs
                                            : repeats.get(pooled.get(0).cellId()),
                                    pooled.stream().mapToInt(Point::forks).sum()),
                    pooled.stream().anyMatch(Point::revoked)));
        }
        return new Pooled(out, segments);
    }

    /**
     * The cell's stored statistics with the throughput figures of the runs pooled: {@code runs} holds each run's
     * repeats. The runs of a segment are its units, as a cell's JVM starts are (methodology section 7): the figure is
     * the mean of each run's trimmed mean and the interval the t interval over the runs' means, never narrower than
     * the repeats' own; so the run-to-run spread, the noise the next run will have, is in the interval. Pooling every
     * repeat as if one run had measured them all gave intervals a few hundred repeats narrow that the next run fell
     * outside of. A segment of one run passes that run's starts instead, as its own statistics take them.
     * {@code forks}: the JVM starts of all the runs together.
     */
    static CellStats pooledStats(CellStats s, double[][] runs, int forks) {
        double[] rps = Arrays.stream(runs).flatMapToDouble(Arrays::stream).toArray();
        CellStatistics.Spread spread = runs.length > 1 ? CellStatistics.forkSpread(runs) : CellStatistics.spread(rps);
        return new CellStats(
                rps.length,
                runs.length > 1 ? CellStatistics.forkFigure(runs) : CellStatistics.trimmedMean(rps),
                CellStatistics.median(rps),
                spread.mean(),
                spread.stddev(),
                spread.ciLow(),
                spread.ciHigh(),
                s.errorRate(),
                s.p50Median(),
                s.p90Median(),
                s.p99Median(),
                s.overErrorLimit(),
                s.rpsCv(),
                s.noisy(),
                s.requestsPerCpuSecond(),
                s.rpsPerVcpu(),
                s.rssMbPerKrps(),
                Math.max(forks, runs.length),
                runs.length > 1 ? CellStatistics.forkCv(runs) : s.rpsForkCv());
    }

    /** A series on the board of {@code board}'s host class, vCPU count, scenario and load model. */
    private static SeriesKey key(
            CellRow board,
            String framework,
            String ioModel,
            String topology,
            String jvmMode,
            int connections,
            Double targetRate) {
        return new SeriesKey(
                board.hostClass(),
                board.vcpus(),
                framework,
                ioModel,
                board.scenario(),
                board.loadModel(),
                connections,
                targetRate,
                topology,
                jvmMode);
    }

    @FunctionalInterface
    private interface RowReader {
        void read(ResultSet rs) throws SQLException;
    }

    private void query(String sql, CellRow shape, Set<String> frameworks, RowReader reader) {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, shape.hostClass());
            ps.setInt(2, shape.vcpus());
            ps.setString(3, shape.scenario());
            ps.setString(4, shape.loadModel());
            ps.setArray(5, c.createArrayOf("text", frameworks.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    reader.read(rs);
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("read a board segment", e);
        }
    }
}
