package dev.podium.segment;

import dev.podium.common.Rows;
import dev.podium.read.CellQueries;
import dev.podium.read.CellRow;
import dev.podium.read.SeriesKey;
import dev.podium.replica.Routed;
import dev.podium.stats.CellStatistics;
import dev.podium.stats.CellStats;
import jakarta.enterprise.context.ApplicationScoped;
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
import lombok.RequiredArgsConstructor;

/**
 * Pools a board cell's figure over its series' current segment: the runs since the series' last confirmed throughput
 * change point (stored by dev.podium.changes), up to the cell's run, the newest {@code podium.segment.max-runs} of
 * them at the most. Runs after a change point that fewer than {@code podium.segment.confirm-runs} runs support are left
 * out, so one bad run moves nothing until it is confirmed.
 */
@ApplicationScoped
@RequiredArgsConstructor
public class Segments {

    /** The cells with their throughput figures pooled, and what each was pooled from. */
    public record Pooled(List<CellRow> cells, List<Segment> segments) {}

    /** A run's cell of a series, measured over {@code forks} JVM starts; revoked: its agent has been revoked since. */
    record Point(long cellId, UUID runId, OffsetDateTime startedAt, boolean revoked, int forks) {}

    /** The runs pooled for a cell, and how many newer runs up to the cell's wait for confirmation. */
    record Plan(List<Point> pooled, int unconfirmed) {}

    @Routed
    private final DataSource dataSource;

    private final CellQueries queries;
    private final SegmentConfig config;

    /**
     * For each board cell (the array bound last), the newest points of its series up to the cell's run, newest first
     * (V30's series_points, read backwards along its primary key), its own point among them: at most the number bound
     * second, so a board reads as many rows however many nights are stored. The first value bound: leave out the runs of
     * revoked agents.
     */
    private static final String POINTS = "select b.id, pt.cell_id, pt.run_id, pt.started_at, pt.revoked, pt.forks"
            + " from cells b join runs br on br.id = b.run_id"
            + " join series_keys k on k.scenario = b.scenario and k.load_model = b.load_model"
            + " and k.host_class = br.host_class and k.vcpus = b.vcpus and k.framework = b.framework"
            + " and k.io_model = b.io_model and k.topology = b.topology and k.connections = b.connections"
            + " and coalesce(k.target_rate, 0) = coalesce(b.target_rate, 0) and k.jvm_mode = b.jvm_mode"
            + " cross join lateral (select p.cell_id, p.run_id, p.started_at, c.forks, "
            + CellQueries.AGENT_REVOKED + " as revoked from series_points p join cells c on c.id = p.cell_id"
            + " join runs r on r.id = p.run_id where p.series_id = k.id"
            + " and (p.started_at, p.received_at, p.run_id) <= (br.started_at, br.received_at, br.id)"
            + " and not c.baseline and c.rps_trimmed_mean is not null and (not ? or not " + CellQueries.AGENT_REVOKED
            + ") order by p.started_at desc, p.received_at desc, p.run_id desc, p.cell_id desc limit ?) pt"
            + " where b.id = any (?)";

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
        cells.forEach(c -> frameworks.add(c.cell().framework()));
        // a cap of maxRuns, and the runs after an unconfirmed change point (fewer than confirmRuns) beyond it
        int window = config.maxRuns() + config.confirmRuns() + 1;
        record Read(long boardCell, Point point) {}
        List<Read> read;
        try (Connection c = dataSource.getConnection()) {
            read = Rows.of(
                    c,
                    POINTS,
                    List.of(
                            excludeRevoked,
                            window,
                            cells.stream().map(CellRow::id).toArray(Long[]::new)),
                    rs -> new Read(
                            rs.getLong(1),
                            new Point(
                                    rs.getLong(2),
                                    rs.getObject(3, UUID.class),
                                    rs.getObject(4, OffsetDateTime.class),
                                    rs.getBoolean(5),
                                    rs.getInt(6))));
        } catch (SQLException e) {
            throw new IllegalStateException("read a board's segments", e);
        }
        Map<Long, List<Point>> newestFirst = new HashMap<>(); // board cell -> its series' points, newest first
        read.forEach(r -> newestFirst
                .computeIfAbsent(r.boardCell(), k -> new ArrayList<>())
                .add(r.point()));
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
            List<Point> points = oldestFirst(newestFirst.getOrDefault(c.id(), List.of()));
            int at = points.size() - 1;
            if (at < 0 || points.get(at).cellId() != c.id()) {
                continue; // not its run's first cell of the series: the detector does not see it either
            }
            Plan plan = plan(
                    points, changes.getOrDefault(SeriesKey.of(c), Map.of()), config.confirmRuns(), config.maxRuns());
            plans.put(c.id(), plan);
            plan.pooled().forEach(p -> needed.add(p.cellId()));
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
            CellStats stats = itself
                    ? c.stats()
                    : pooledStats(
                            c.stats(),
                            runs.length > 1 ? runs : repeats.get(pooled.get(0).cellId()),
                            pooled.stream().mapToInt(Point::forks).sum());
            out.add(c.withStats(stats)
                    .withAgentRevoked(c.agentRevoked() || pooled.stream().anyMatch(Point::revoked)));
        }
        return new Pooled(out, segments);
    }

    /**
     * The runs a cell's figure pools, from its series' points oldest first ending with the cell's own: from the newest
     * change point that {@code confirmRuns} runs confirm (else the first point) to the cell's run, without the runs
     * from a newer change point that fewer runs confirm, and of those the newest {@code maxRuns} at the most.
     * {@code changes}: a run just after a change point -> the runs after it.
     */
    static Plan plan(List<Point> points, Map<UUID, Integer> changes, int confirmRuns, int maxRuns) {
        int at = points.size() - 1;
        int from = 0;
        int to = at + 1;
        for (int i = 1; i <= at; i++) {
            Integer runsAfter = changes.get(points.get(i).runId());
            if (runsAfter == null) {
                continue;
            }
            if (runsAfter >= confirmRuns) {
                from = i;
                to = at + 1;
            } else if (to == at + 1) {
                to = i; // the runs from here on wait for confirmation
            }
        }
        from = Math.max(from, to - maxRuns);
        return new Plan(points.subList(from, to), at + 1 - to);
    }

    /**
     * Points read newest first (a run's cells by descending id), oldest first, each run's first cell only: its lowest
     * id, cells being numbered in payload order.
     */
    private static List<Point> oldestFirst(List<Point> newestFirst) {
        List<Point> points = new ArrayList<>();
        for (int i = newestFirst.size() - 1; i >= 0; i--) {
            Point p = newestFirst.get(i);
            if (points.isEmpty() || !points.get(points.size() - 1).runId().equals(p.runId())) {
                points.add(p);
            }
        }
        return points;
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
                board.cell().vcpus(),
                framework,
                ioModel,
                board.cell().scenario(),
                board.cell().loadModel(),
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
            ps.setInt(2, shape.cell().vcpus());
            ps.setString(3, shape.cell().scenario());
            ps.setString(4, shape.cell().loadModel());
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
