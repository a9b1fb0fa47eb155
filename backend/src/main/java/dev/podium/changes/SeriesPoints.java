package dev.podium.changes;

import dev.podium.common.Rows;
import dev.podium.figure.Figure;
import dev.podium.quality.QualityFlags;
import dev.podium.read.SeriesKey;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The reading of one series for the change detection: its runs' points in time order (one per run, flagged cells
 * left out) and each point's repeats by metric, on the connection of the detector's transaction.
 */
final class SeriesPoints {

    /** The allocation metric's column, on cells (its mean) and on repeats (figure.Figure). */
    private static final String ALLOCATION = Figure.ALLOCATED_BYTES_PER_REQUEST.column();

    private SeriesPoints() {}

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
                case ChangeDetector.ALLOCATION_PER_REQUEST -> allocationPerRequest;
                default -> cpuPerRequest;
            };
        }
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

    static List<Point> points(Connection c, SeriesKey s) throws SQLException {
        List<Point> all = query(
                c,
                "select c.id, c.run_id, r.started_at, c.rps_trimmed_mean, c.p99_median, "
                        + "c.framework_version, r.suite_commit, r.jvm_vendor, r.jvm_version, r.agent_version, r.host_kernel, "
                        + "c.req_per_cpu_second, c." + ALLOCATION + " from cells c join runs r on r.id = c.run_id"
                        + " where r.host_class = ? and c.vcpus = ? and c.framework = ? "
                        + "and c.io_model = ? and c.scenario = ? and c.load_model = ? and c.connections = ? "
                        + "and c.target_rate is not distinct from ?::double precision and c.topology = ? and c.jvm_mode = ? "
                        + "and c.rps_trimmed_mean is not null "
                        + UNFLAGGED
                        + "order by r.started_at, r.received_at, r.id, c.ordinal",
                s.values(),
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
    static Map<Long, double[][]> repeats(Connection c, List<Long> cellIds) throws SQLException {
        Map<Long, List<Double[]>> lists = new HashMap<>();
        query(
                c,
                "select cell_id, requests_per_second, p99_ms, case when requests > 0 and target_cpu_user_seconds"
                        + " + target_cpu_system_seconds > 0 then (target_cpu_user_seconds + target_cpu_system_seconds)"
                        + " / requests * 1e6 end, " + ALLOCATION + " from repeats where cell_id = any (?)"
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
            double[][] r = new double[ChangeDetector.METRICS.size()][];
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

    /** Rows of sql on the detector's connection (a Long[] bound as a bigint array). */
    static <T> List<T> query(Connection c, String sql, List<Object> values, Rows.Mapper<T> mapper) {
        try {
            return Rows.of(c, sql, values, mapper);
        } catch (SQLException e) {
            throw new IllegalStateException("change points query failed", e);
        }
    }
}
