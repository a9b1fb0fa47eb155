package dev.podium.diff;

import dev.podium.common.ProblemException;
import dev.podium.quality.QualityFlags;
import dev.podium.read.CellQueries;
import dev.podium.read.CellRow;
import dev.podium.read.CellView;
import dev.podium.read.SeriesKey;
import dev.podium.replica.Routed;
import dev.podium.stats.CellStatistics;
import dev.podium.stats.MeanEstimate;
import dev.podium.stats.Welch;
import dev.podium.verdict.CellEvidence;
import dev.podium.verdict.Comparisons;
import dev.podium.verdict.Evidence;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.UUID;
import javax.sql.DataSource;
import lombok.RequiredArgsConstructor;

/**
 * Compares every cell two runs share, and lists the run fields that differ: throughput by the comparison engine, all
 * shared cells as one family (methodology section 10); p99 by Welch's t-test over each cell's JVM starts (over its
 * repeats when it has one).
 */
@ApplicationScoped
@RequiredArgsConstructor
public class DiffService {

    /** Run fields compared, as the diff names them -> column. */
    private static final Map<String, String> FIELDS = new LinkedHashMap<>();

    static {
        FIELDS.put("hostClass", "host_class");
        FIELDS.put("suiteVersion", "suite_version");
        FIELDS.put("suiteCommit", "suite_commit");
        FIELDS.put("suiteProfile", "suite_profile");
        FIELDS.put("agentVersion", "agent_version");
        FIELDS.put("loadGenerator", "load_generator_tool || ' ' || load_generator_version");
        FIELDS.put("jvmVendor", "jvm_vendor");
        FIELDS.put("jvmVersion", "jvm_version");
        FIELDS.put("jvmGc", "jvm_gc");
        FIELDS.put("jvmFlags", "array_to_string(jvm_flags, ' ')");
        FIELDS.put("os", "host_os");
        FIELDS.put("kernel", "host_kernel");
        FIELDS.put("virtualization", "host_virtualization");
        FIELDS.put("hostSettings", "host_settings::text");
    }

    /**
     * What a cell of one run is matched by in the other: its cell shape on any host (a scale-out cell only ever matches
     * the same topology, an aot-cache cell the same mode), baseline or not.
     */
    private record Shape(SeriesKey series, boolean baseline) {

        static Shape of(CellRow cell) {
            return new Shape(SeriesKey.of(cell).anyHost(), cell.cell().baseline());
        }
    }

    @Routed
    private final DataSource dataSource;

    private final CellQueries queries;

    /** A cell's throughput as the engine judges it (null: no statistics or no figure). */
    private static Evidence evidence(CellRow c) {
        return CellEvidence.of(c.stats(), c.throughput(), QualityFlags.lowerBound(c.shownFlags()), c.runId());
    }

    public RunDiff diff(UUID a, UUID b, double alpha) {
        try (Connection c = dataSource.getConnection()) {
            Map<String, String> runA = run(c, a, "a");
            Map<String, String> runB = run(c, b, "b");
            Map<Shape, CellRow> cellsA = cells(a);
            Map<Shape, CellRow> cellsB = cells(b);
            List<Long> ids = new ArrayList<>();
            cellsA.values().forEach(x -> ids.add(x.id()));
            cellsB.values().forEach(x -> ids.add(x.id()));
            Map<Long, double[][][]> repeats = repeats(c, ids);

            List<RunDiff.Moved> moved = new ArrayList<>();
            int compared = 0;
            // throughput: every shared cell's pair judged as one family by the comparison engine (methodology
            // section 10: the log of the ratio, each side over its JVM starts plus the host's drift between the two
            // runs; Benjamini-Hochberg at alpha, gated by Bonferroni), so the diff says what compare would
            record Shared(CellRow x, CellRow y, Evidence ex, Evidence ey) {
                boolean judged() {
                    return ex != null && ey != null;
                }
            }
            List<Shared> shared = new ArrayList<>();
            for (Map.Entry<Shape, CellRow> e : cellsA.entrySet()) {
                CellRow y = cellsB.get(e.getKey());
                if (y != null) {
                    CellRow x = e.getValue();
                    shared.add(new Shared(x, y, evidence(x), evidence(y)));
                }
            }
            List<Comparisons.Judged> judged = Comparisons.family(
                    shared.stream()
                            .filter(Shared::judged)
                            .map(p -> new Evidence[] {p.ey(), p.ex()})
                            .toList(),
                    alpha);
            int next = 0;
            for (Shared pair : shared) {
                compared++;
                CellRow x = pair.x();
                CellView cx = x.cell();
                CellRow y = pair.y();
                Comparisons.Judged throughput = pair.judged() ? judged.get(next++) : null;
                double[][][] ra = repeats.getOrDefault(x.id(), new double[2][0][]);
                double[][][] rb = repeats.getOrDefault(y.id(), new double[2][0][]);
                for (int m = 0; m < 2; m++) {
                    double pValue;
                    if (m == 0) {
                        if (throughput == null || !throughput.verdict().decided()) {
                            continue;
                        }
                        pValue = throughput.pValue();
                    } else {
                        // p99 has no stored interval: Welch's test on the starts' p99, at alpha, as before
                        Welch.Result w = Welch.test(MeanEstimate.ofStarts(rb[m]), MeanEstimate.ofStarts(ra[m]));
                        if (w == null || w.pValue() >= alpha) {
                            continue;
                        }
                        pValue = w.pValue();
                    }
                    double va = figure(ra[m]);
                    double vb = figure(rb[m]);
                    double effect = va == 0 ? 0 : (vb - va) / va * 100;
                    moved.add(new RunDiff.Moved(
                            m == 0 ? "throughput" : "p99",
                            cx.framework(),
                            cx.ioModel(),
                            cx.scenario(),
                            cx.loadModel(),
                            cx.connections(),
                            cx.vcpus(),
                            cx.targetRate(),
                            x.id(),
                            y.id(),
                            va,
                            vb,
                            effect,
                            pValue,
                            m == 0 ? vb > va : vb < va,
                            forks(x),
                            forks(y)));
                }
            }
            moved.sort(Comparator.comparingDouble((RunDiff.Moved m) -> -Math.abs(m.effectPercent()))
                    .thenComparing(RunDiff.Moved::framework)
                    .thenComparing(RunDiff.Moved::metric));
            long onlyA =
                    cellsA.keySet().stream().filter(k -> !cellsB.containsKey(k)).count();
            long onlyB =
                    cellsB.keySet().stream().filter(k -> !cellsA.containsKey(k)).count();

            List<RunDiff.Difference> differences = new ArrayList<>();
            for (String field : FIELDS.keySet()) {
                if (!Objects.equals(runA.get(field), runB.get(field))) {
                    differences.add(new RunDiff.Difference(field, runA.get(field), runB.get(field)));
                }
            }
            Map<String, String> versionsA = versions(cellsA);
            Map<String, String> versionsB = versions(cellsB);
            Map<String, String> frameworks = new TreeMap<>(versionsA);
            versionsB.forEach(frameworks::putIfAbsent);
            for (String fw : frameworks.keySet()) {
                if (!Objects.equals(versionsA.get(fw), versionsB.get(fw))) {
                    differences.add(
                            new RunDiff.Difference("frameworkVersion:" + fw, versionsA.get(fw), versionsB.get(fw)));
                }
            }
            return new RunDiff(
                    ref(a, runA),
                    ref(b, runB),
                    alpha,
                    compared,
                    (int) onlyA,
                    (int) onlyB,
                    moved,
                    differences,
                    Objects.equals(runA.get("hostClass"), runB.get("hostClass")));
        } catch (SQLException e) {
            throw new IllegalStateException("diff runs " + a + " and " + b, e);
        }
    }

    private static RunDiff.RunRef ref(UUID id, Map<String, String> run) {
        return new RunDiff.RunRef(
                id, OffsetDateTime.parse(run.get("startedAt")), run.get("hostClass"), run.get("suiteCommit"));
    }

    /** The JVM starts a cell's figure rests on (1 for a cell without statistics). */
    private static int forks(CellRow cell) {
        return cell.stats() == null ? 1 : cell.stats().forks();
    }

    private static Map<String, String> versions(Map<Shape, CellRow> cells) {
        Map<String, String> out = new TreeMap<>();
        cells.values()
                .forEach(c -> out.putIfAbsent(c.cell().framework(), c.cell().frameworkVersion()));
        return out;
    }

    private Map<String, String> run(Connection c, UUID id, String field) throws SQLException {
        StringBuilder sql = new StringBuilder("select to_json(started_at)#>>'{}'");
        FIELDS.values().forEach(column -> sql.append(", ").append(column)); // fixed expressions, written above
        sql.append(" from runs where id = ?");
        try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
            ps.setObject(1, id);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new ProblemException(404, "not-found", "Not found", "no run " + id, field);
                }
                Map<String, String> out = new HashMap<>();
                out.put("startedAt", rs.getString(1));
                int i = 2;
                for (String name : FIELDS.keySet()) {
                    out.put(name, rs.getString(i++));
                }
                return out;
            }
        }
    }

    /** A run's cells by shape, in payload order: a run measures a shape once; the first counts. */
    private Map<Shape, CellRow> cells(UUID run) {
        List<CellRow> rows = new ArrayList<>(queries.cells(new CellQueries.Where().and("c.run_id = ?", run)));
        rows.sort(Comparator.comparingInt(r -> r.cell().ordinal()));
        Map<Shape, CellRow> out = new LinkedHashMap<>();
        rows.forEach(cell -> out.putIfAbsent(Shape.of(cell), cell));
        return out;
    }

    /** A cell's value as its run shows it: the trimmed mean, or with several starts the mean of theirs. */
    static double figure(double[][] starts) {
        double[][] kept =
                java.util.Arrays.stream(starts).filter(s -> s.length > 0).toArray(double[][]::new);
        if (kept.length == 0) {
            return 0;
        }
        return kept.length == 1 ? CellStatistics.trimmedMean(kept[0]) : CellStatistics.forkFigure(kept);
    }

    /** cell id -> {requests/s of each repeat, p99 of each repeat}, each grouped by JVM start in start order. */
    private static Map<Long, double[][][]> repeats(Connection c, List<Long> ids) throws SQLException {
        Map<Long, TreeMap<Integer, List<double[]>>> lists = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement("select cell_id, fork, requests_per_second, p99_ms from repeats "
                + "where cell_id = any (?) order by cell_id, ordinal")) {
            ps.setArray(1, c.createArrayOf("bigint", ids.toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    lists.computeIfAbsent(rs.getLong(1), k -> new TreeMap<>())
                            .computeIfAbsent(rs.getInt(2), k -> new ArrayList<>())
                            .add(new double[] {rs.getDouble(3), rs.getDouble(4)});
                }
            }
        }
        Map<Long, double[][][]> out = new HashMap<>();
        lists.forEach((id, byStart) -> {
            double[][][] r = new double[2][byStart.size()][];
            int f = 0;
            for (List<double[]> l : byStart.values()) {
                r[0][f] = l.stream().mapToDouble(v -> v[0]).toArray();
                r[1][f] = l.stream().mapToDouble(v -> v[1]).toArray();
                f++;
            }
            out.put(id, r);
        });
        return out;
    }
}
