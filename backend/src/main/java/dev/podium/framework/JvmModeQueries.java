package dev.podium.framework;

import dev.podium.read.CellView;
import dev.podium.replica.Routed;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import lombok.RequiredArgsConstructor;

/** A framework's figures in both JVM modes: each aot-cache cell shape's newest run, with its default-mode cell. */
@ApplicationScoped
@RequiredArgsConstructor
public class JvmModeQueries {

    // each aot-cache cell shape's newest run, joined with that run's default cell of the same shape. The runs come
    // first, from the series summary (V30), materialised: the cells are then read by run, never scanned (a correlated
    // "run_id in (...)" let the planner scan all of cells: 5.6 s at 100M repeat rows)
    private static final String SQL = "with n as materialized (select distinct s.run_id from newest_runs s"
            + " where s.framework = ? and s.jvm_mode = 'aot-cache' and s.load_model = 'closed' and not s.baseline)"
            + " select distinct on (a.io_model, a.scenario, a.connections, a.vcpus, a.topology,"
            + " r.host_class) a.io_model, a.scenario, a.load_model, a.connections, a.vcpus, a.topology, r.host_class,"
            + " r.id as run_id, r.started_at, a.jvm_mode_flags, a.aot_training_seconds, a.aot_cache_bytes,"
            + " a.aot_problem, " + figures("a") + ", " + figures("d")
            + " from n join cells a on a.run_id = n.run_id join runs r on r.id = a.run_id"
            + " join cells d on d.run_id = a.run_id"
            + " and d.framework = a.framework and d.io_model = a.io_model and d.scenario = a.scenario"
            + " and d.load_model = a.load_model and d.connections = a.connections and d.vcpus = a.vcpus"
            + " and d.topology = a.topology and d.target_rate is not distinct from a.target_rate"
            + " and d.jvm_mode = 'default'"
            + " where a.framework = ? and a.jvm_mode = 'aot-cache' and a.load_model = 'closed' and not a.baseline"
            + " order by a.io_model, a.scenario, a.connections, a.vcpus, a.topology, r.host_class,"
            + " r.started_at desc, r.received_at desc, r.id desc, d.ordinal";

    @Routed
    private final DataSource dataSource;

    JvmModeComparison compare(String framework) {
        List<JvmModeComparison.Row> rows = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement(SQL)) {
            ps.setString(1, framework);
            ps.setString(2, framework);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    List<String> flags = texts(rs.getArray("jvm_mode_flags"));
                    rows.add(new JvmModeComparison.Row(
                            rs.getString("io_model"),
                            rs.getString("scenario"),
                            rs.getString("load_model"),
                            rs.getInt("connections"),
                            rs.getInt("vcpus"),
                            rs.getString("topology"),
                            rs.getString("host_class"),
                            rs.getObject("run_id", UUID.class),
                            rs.getObject("started_at", OffsetDateTime.class),
                            figuresOf(rs, "d"),
                            figuresOf(rs, "a"),
                            flags,
                            CellView.AotTraining.stored(
                                    rs.getObject("aot_training_seconds", Double.class),
                                    rs.getObject("aot_cache_bytes", Long.class),
                                    rs.getString("aot_problem"))));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("read the JVM modes of " + framework, e);
        }
        return new JvmModeComparison(framework, rows);
    }

    /** The columns of one side's figures, named {side}_{column}. */
    private static String figures(String side) {
        StringBuilder out = new StringBuilder();
        for (String col : List.of(
                "id",
                "startup_first_response_ms",
                "startup_idle_rss_bytes",
                "time_to_peak_seconds",
                "rps_trimmed_mean",
                "rps_ci_low",
                "rps_ci_high",
                "flags")) {
            out.append(out.isEmpty() ? "" : ", ")
                    .append(side)
                    .append('.')
                    .append(col)
                    .append(" as ")
                    .append(side)
                    .append('_')
                    .append(col);
        }
        return out.toString();
    }

    private static JvmModeComparison.Figures figuresOf(ResultSet rs, String side) throws SQLException {
        String p = side + "_";
        return new JvmModeComparison.Figures(
                rs.getLong(p + "id"),
                rs.getObject(p + "startup_first_response_ms", Double.class),
                rs.getObject(p + "startup_idle_rss_bytes", Long.class),
                rs.getObject(p + "time_to_peak_seconds", Double.class),
                rs.getObject(p + "rps_trimmed_mean", Double.class),
                rs.getObject(p + "rps_ci_low", Double.class),
                rs.getObject(p + "rps_ci_high", Double.class),
                texts(rs.getArray(p + "flags")));
    }

    private static List<String> texts(Array a) throws SQLException {
        return a == null ? null : List.of((String[]) a.getArray());
    }
}
