package dev.podium.changes;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.common.ProblemException;
import dev.podium.common.Rows;
import dev.podium.read.CellFilter;
import dev.podium.read.CellQueries;
import dev.podium.read.QueryParams;
import dev.podium.read.SeriesKey;
import dev.podium.replica.Routed;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import javax.sql.DataSource;
import lombok.RequiredArgsConstructor;

/** Reads stored change points, newest first, filtered like the leaderboard. */
@ApplicationScoped
@RequiredArgsConstructor
public class ChangeQueries {

    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 1000;

    /** The filters of a request, each checked with its field named: a series' (read's CellFilter), metric, limit. */
    public record Filter(CellQueries.Where series, String metric, int limit) {

        static Filter of(CellFilter series, ChangeParams given) {
            int limit = QueryParams.parsePositiveInt("limit", given.limit, DEFAULT_LIMIT);
            if (limit > MAX_LIMIT) {
                throw ProblemException.badRequest("invalid-parameter", "'limit' must be at most " + MAX_LIMIT, "limit");
            }
            CellQueries.Where where = series.whereUnprefixed();
            return new Filter(
                    where, QueryParams.parseOneOf("metric", given.metric, Set.copyOf(ChangeDetector.METRICS)), limit);
        }
    }

    @Routed
    private final DataSource dataSource;

    private final ObjectMapper json;

    /**
     * A stored change point's columns as {@link #change} reads them: its series first (read's SeriesKey), then the
     * others by name (changed as text, for Jackson).
     */
    static final String COLUMNS = SeriesKey.COLUMNS
            + ", id, metric, run_before, run_after, at, runs_before, runs_after, mean_before, ci_low_before,"
            + " ci_high_before, mean_after, ci_low_after, ci_high_after, effect_percent, p_value, changed::text as changed,"
            + " detected_at, spread_before, spread_after, effect_size";

    public List<ChangeView> list(Filter f) {
        StringBuilder sql = new StringBuilder("select " + COLUMNS + " from change_points");
        CellQueries.Where where = f.series().and("metric = ?", f.metric());
        sql.append(where.sql());
        List<Object> values = where.values();
        sql.append(" order by at desc, id desc limit ").append(f.limit());
        try (Connection c = dataSource.getConnection()) {
            return Rows.of(c, sql.toString(), values, rs -> change(rs, json));
        } catch (SQLException e) {
            throw new IllegalStateException("read change points", e);
        }
    }

    /**
     * The change point of a row holding {@link #COLUMNS}: what the API, the feed and the webhooks show, whether read
     * here or returned by the insert that stored it (ChangePointStore).
     */
    static ChangeView change(ResultSet rs, ObjectMapper json) throws SQLException {
        Map<String, ChangeView.Change> changed;
        try {
            changed = json.readValue(rs.getString("changed"), new TypeReference<>() {});
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a change point's stored changes are not JSON", e);
        }
        SeriesKey s = SeriesKey.of(rs);
        return new ChangeView(
                rs.getLong("id"),
                rs.getString("metric"),
                s.hostClass(),
                s.vcpus(),
                s.framework(),
                s.ioModel(),
                s.scenario(),
                s.loadModel(),
                s.connections(),
                s.targetRate(),
                rs.getObject("run_before", UUID.class),
                rs.getObject("run_after", UUID.class),
                rs.getObject("at", OffsetDateTime.class),
                rs.getInt("runs_before"),
                rs.getInt("runs_after"),
                segment(rs, "before"),
                segment(rs, "after"),
                rs.getDouble("effect_percent"),
                rs.getObject("effect_size", Double.class),
                rs.getDouble("p_value"),
                changed,
                rs.getObject("detected_at", OffsetDateTime.class),
                s.topology(),
                s.jvmMode());
    }

    /** The segment before or after a change: its mean_{side}, ci_low_{side}, ci_high_{side}, spread_{side}. */
    private static ChangeView.Segment segment(ResultSet rs, String side) throws SQLException {
        return new ChangeView.Segment(
                rs.getDouble("mean_" + side),
                rs.getDouble("ci_low_" + side),
                rs.getDouble("ci_high_" + side),
                rs.getObject("spread_" + side, Double.class));
    }
}
