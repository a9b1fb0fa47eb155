package dev.podium.changes;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.common.ProblemException;
import dev.podium.read.CellFilter;
import dev.podium.read.CellQueries;
import dev.podium.read.QueryParams;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import javax.sql.DataSource;

/** Reads stored change points, newest first, filtered like the leaderboard. */
@ApplicationScoped
public class ChangeQueries {

    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 1000;

    /** The filters of a request, each checked with its field named: a series' (read's CellFilter), metric, limit. */
    public record Filter(CellQueries.Where series, String metric, int limit) {

        static Filter of(CellFilter series, QueryParams q) {
            int limit = q.positiveInt("limit", DEFAULT_LIMIT);
            if (limit > MAX_LIMIT) {
                throw ProblemException.badRequest("invalid-parameter", "'limit' must be at most " + MAX_LIMIT, "limit");
            }
            CellQueries.Where where = series.whereUnprefixed();
            return new Filter(where, q.oneOf("metric", Set.copyOf(ChangeDetector.METRICS), null), limit);
        }
    }

    @Inject
    DataSource dataSource;

    @Inject
    ObjectMapper json;

    public List<ChangeView> list(Filter f) {
        StringBuilder sql = new StringBuilder(
                "select id, metric, host_class, vcpus, framework, io_model, scenario, "
                        + "load_model, connections, target_rate, run_before, run_after, at, runs_before, runs_after, mean_before, "
                        + "ci_low_before, ci_high_before, mean_after, ci_low_after, ci_high_after, effect_percent, p_value, "
                        + "changed::text, detected_at, topology, spread_before, spread_after, effect_size, jvm_mode from change_points");
        CellQueries.Where where = f.series().and("metric = ?", f.metric());
        sql.append(where.sql());
        List<Object> values = where.values();
        sql.append(" order by at desc, id desc limit ").append(f.limit());
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement(sql.toString())) {
            for (int i = 0; i < values.size(); i++) {
                ps.setObject(i + 1, values.get(i));
            }
            List<ChangeView> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new ChangeView(
                            rs.getLong(1),
                            rs.getString(2),
                            rs.getString(3),
                            rs.getInt(4),
                            rs.getString(5),
                            rs.getString(6),
                            rs.getString(7),
                            rs.getString(8),
                            rs.getInt(9),
                            rs.getObject(10, Double.class),
                            rs.getObject(11, UUID.class),
                            rs.getObject(12, UUID.class),
                            rs.getObject(13, OffsetDateTime.class),
                            rs.getInt(14),
                            rs.getInt(15),
                            new ChangeView.Segment(
                                    rs.getDouble(16),
                                    rs.getDouble(17),
                                    rs.getDouble(18),
                                    rs.getObject(27, Double.class)),
                            new ChangeView.Segment(
                                    rs.getDouble(19),
                                    rs.getDouble(20),
                                    rs.getDouble(21),
                                    rs.getObject(28, Double.class)),
                            rs.getDouble(22),
                            rs.getObject(29, Double.class),
                            rs.getDouble(23),
                            json.readValue(rs.getString(24), new TypeReference<Map<String, ChangeView.Change>>() {}),
                            rs.getObject(25, OffsetDateTime.class),
                            rs.getString(26),
                            rs.getString(30)));
                }
            }
            return out;
        } catch (SQLException | com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("read change points", e);
        }
    }
}
