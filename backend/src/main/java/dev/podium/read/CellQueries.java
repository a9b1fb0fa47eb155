package dev.podium.read;

import dev.podium.common.Rows;
import dev.podium.companion.CompanionColumns;
import dev.podium.figure.CellFigures;
import dev.podium.figure.FigureColumns;
import dev.podium.gc.GcStats;
import dev.podium.replica.Routed;
import dev.podium.stats.CellStats;
import dev.podium.stats.Estimate;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import lombok.RequiredArgsConstructor;

/**
 * The read side's SQL, in plain JDBC on purpose (the fast path: thousands of flat rows per answer, no entity state,
 * PostgreSQL's distinct on); the rows share {@link CellStats} with the entity. Every value is bound as a parameter;
 * only fixed fragments written here are concatenated.
 * Filters lead with cells (scenario, load_model, ...) and runs (host_class, started_at), which V1/V2 index.
 */
@ApplicationScoped
@RequiredArgsConstructor
public class CellQueries {

    /**
     * The columns of a {@link CellRow}, read back by these names (cellRow): a column added here is read by name, not
     * by its place in the list.
     */
    public static final String CELL_COLUMNS =
            "c.id, c.run_id, c.ordinal, c.framework, c.framework_version, c.io_model, "
                    + "c.scenario, c.load_model, c.connections, c.target_rate, c.delay_ms, c.vcpus, c.duration_seconds, "
                    + "c.warmup_seconds, c.baseline, c.flags, c.repeat_count, c.rps_trimmed_mean, c.rps_median, c.rps_mean, "
                    + "c.rps_stddev, c.rps_ci_low, c.rps_ci_high, c.error_rate, c.p50_median, c.p90_median, c.p99_median, "
                    + "c.over_error_limit, r.started_at, r.received_at, r.host_class, r.host_cpu_model, r.jvm_vendor, "
                    + "r.jvm_version, r.jvm_major, c.rps_cv, c.noisy, c.req_per_cpu_second, c.req_per_cpu_second_ci_low, "
                    + "c.req_per_cpu_second_ci_high, c.req_per_cpu_second_repeats, c.rps_per_vcpu, c.rps_per_vcpu_ci_low, "
                    + "c.rps_per_vcpu_ci_high, c.rps_per_vcpu_repeats, c.rss_mb_per_krps, c.rss_mb_per_krps_ci_low, "
                    + "c.rss_mb_per_krps_ci_high, c.rss_mb_per_krps_repeats, c.cpus, c.startup_first_response_ms, "
                    + "c.startup_idle_rss_bytes, c.classification, " + CellQueries.AGENT_REVOKED + " as agent_revoked, "
                    + "c.topology, c.forks, c.rps_fork_cv, " + CompanionColumns.CELL + ", c.time_to_peak_seconds,"
                    + " c.jvm_mode, c.jvm_mode_flags, c.aot_training_seconds, c.aot_cache_bytes, c.aot_problem,"
                    + " c.cost_ladder::text as cost_ladder, c.achieved_rate, " + FigureColumns.CELL_OF_C;

    /** Whether the run's agent has been revoked since: its runs stay, marked (read-api.md "Revoked agents"). */
    public static final String AGENT_REVOKED =
            "exists (select 1 from agents a where a.id = r.agent_id and a.revoked_at is not null)";

    /** Every cell ever stored, with its run. */
    private static final String CELLS = "cells c join runs r on r.id = c.run_id";

    /**
     * The newest run of each series and run key (V30's newest_runs, which the database keeps at every insert into
     * cells) under the names the read side's conditions use: c for the cell's columns, r for its run's (r.id,
     * r.host_class, r.jvm_vendor, r.jvm_major, r.started_at, r.received_at, r.agent_id). It holds the key's columns,
     * c.run_id and c.framework_version; a condition on any other column is refused by PostgreSQL (the tests read every
     * endpoint).
     */
    private static final String NEWEST_RUNS = "newest_runs c cross join lateral (select c.run_id as id, c.host_class,"
            + " c.jvm_vendor, c.jvm_major, c.started_at, c.received_at, c.agent_id) r";

    /** A conjunction of fixed SQL fragments with their bound values. */
    public static final class Where {
        private final StringBuilder sql = new StringBuilder(" where true");
        private final List<Object> values = new ArrayList<>();
        private boolean beforeADate;

        /** Adds "and {fragment}" when value is not null; the fragment holds exactly one '?'. */
        public Where and(String fragment, Object value) {
            if (value != null) {
                sql.append(" and ").append(fragment);
                values.add(value);
            }
            return this;
        }

        public Where andAlways(String fragment, Object... bound) {
            sql.append(" and ").append(fragment);
            values.addAll(Arrays.asList(bound));
            return this;
        }

        /** " where ..." with a '?' for each of {@link #values()}: for a table of the read side's column names. */
        public String sql() {
            return sql.toString();
        }

        public List<Object> values() {
            return java.util.Collections.unmodifiableList(values);
        }

        /**
         * Marks the conditions as bounding the runs' start from above (CellFilter's {@code to}): the newest run before
         * a date is not the newest run of its series, so the reads of the newest runs read cells instead.
         */
        public Where beforeADate() {
            beforeADate = true;
            return this;
        }

        /** Where the newest runs of these conditions are read from: newest_runs, or cells for a date bound. */
        private String newest() {
            return beforeADate ? CELLS : NEWEST_RUNS;
        }
    }

    @Routed
    private final DataSource dataSource;

    /** Cells joined with their run's fields, in no particular order. */
    public List<CellRow> cells(Where where) {
        return query("select " + CELL_COLUMNS + " from " + CELLS + where.sql, where.values, CellQueries::cellRow);
    }

    /**
     * Rows of "select {columns} from cells c join runs r ... {where} {tail}"; columns and tail are fixed SQL written
     * in this package (tail: order by / limit), never user input.
     */
    public <T> List<T> select(String columns, Where where, String tail, Mapper<T> mapper) {
        return query("select " + columns + " from " + CELLS + where.sql + " " + tail, where.values, mapper);
    }

    /**
     * {@link #select} over the newest run of each series instead of every cell ({@link #NEWEST_RUNS}): for the questions
     * "the newest run of each target" and "which values are there", which over cells read every night ever stored.
     * Only the series' columns may be named; conditions bounded by a date read cells (the same answer, slower).
     */
    public <T> List<T> selectNewest(String columns, Where where, String tail, Mapper<T> mapper) {
        return query("select " + columns + " from " + where.newest() + where.sql + " " + tail, where.values, mapper);
    }

    /** {@link #distinct} over the newest runs ({@link #selectNewest}): the values there are, without reading cells. */
    public <T> List<T> distinctNewest(String expression, Where where, Mapper<T> mapper) {
        return selectNewest("distinct " + expression, where, "order by 1", mapper);
    }

    /**
     * The matching cells of each target's most recent matching run (per vCPU count too when {@code perVcpus}): the
     * database picks the runs, so only their cells are read.
     */
    public List<CellRow> newestRunCells(Where where, boolean perVcpus) {
        String partition =
                perVcpus ? "c.framework, c.io_model, c.topology, c.vcpus" : "c.framework, c.io_model, c.topology";
        String sql = "with newest as (select distinct on (" + partition + ") " + partition + ", c.run_id"
                + " from " + where.newest() + where.sql
                + " order by " + partition + ", r.started_at desc, r.received_at desc, r.id desc)"
                + " select " + CELL_COLUMNS + " from " + CELLS + " join newest n"
                + " on n.run_id = c.run_id and n.framework = c.framework and n.io_model = c.io_model"
                + " and n.topology = c.topology"
                + (perVcpus ? " and n.vcpus = c.vcpus" : "") + where.sql;
        List<Object> values = new ArrayList<>(where.values);
        values.addAll(where.values);
        return query(sql, values, CellQueries::cellRow);
    }

    /** The host class of the most recent run measuring this scenario and load model. */
    public String latestHostClass(String scenario, String loadModel) {
        List<String> rows = selectNewest(
                "r.host_class",
                scenarioOf(scenario, loadModel),
                "order by r.started_at desc, r.received_at desc, r.id desc limit 1",
                rs -> rs.getString(1));
        return rows.isEmpty() ? null : rows.get(0);
    }

    /** Host classes of the runs measuring this scenario and load model, sorted. */
    public List<String> hostClasses(String scenario, String loadModel) {
        return distinctNewest("r.host_class", scenarioOf(scenario, loadModel), rs -> rs.getString(1));
    }

    private static Where scenarioOf(String scenario, String loadModel) {
        return new Where().and("c.scenario = ?", scenario).and("c.load_model = ?", loadModel);
    }

    /** Distinct values of one fixed expression over cells joined with runs, sorted. */
    public <T> List<T> distinct(String expression, Where where, Mapper<T> mapper) {
        return query(
                "select distinct " + expression + " from " + CELLS + where.sql + " order by 1", where.values, mapper);
    }

    /**
     * Cell id -> its repeats' requests/s grouped by JVM start, in start order (one group for a one-start cell): what
     * the tests between cells read, so that they count the variance between starts where it was measured.
     */
    public Map<Long, double[][]> repeatRpsByStart(Collection<Long> cellIds) {
        Map<Long, java.util.TreeMap<Integer, List<Double>>> lists = new HashMap<>();
        if (!cellIds.isEmpty()) {
            try (Connection c = dataSource.getConnection();
                    PreparedStatement ps = c.prepareStatement("select cell_id, fork, requests_per_second from repeats "
                            + "where cell_id = any (?) order by cell_id, ordinal")) {
                ps.setArray(1, c.createArrayOf("bigint", cellIds.toArray()));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        lists.computeIfAbsent(rs.getLong(1), k -> new java.util.TreeMap<>())
                                .computeIfAbsent(rs.getInt(2), k -> new ArrayList<>())
                                .add(rs.getDouble(3));
                    }
                }
            } catch (SQLException e) {
                throw new IllegalStateException("read repeats", e);
            }
        }
        Map<Long, double[][]> result = new HashMap<>();
        lists.forEach((id, byStart) -> result.put(
                id,
                byStart.values().stream()
                        .map(l -> l.stream().mapToDouble(Double::doubleValue).toArray())
                        .toArray(double[][]::new)));
        return result;
    }

    /** A target across its topologies ({@link TargetKey#of}) -> the framework version in its most recent run (baselines excluded). */
    public Map<TargetKey, String> latestVersions() {
        Map<TargetKey, String> versions = new HashMap<>();
        selectNewest(
                "distinct on (c.framework, c.io_model) c.framework, c.io_model, c.framework_version",
                new Where().andAlways("not c.baseline"),
                "order by c.framework, c.io_model, r.started_at desc, r.received_at desc, r.id desc",
                rs -> versions.put(TargetKey.of(rs.getString(1), rs.getString(2)), rs.getString(3)));
        return versions;
    }

    /** Whether a run with this id exists. */
    public boolean runExists(UUID id) {
        return !query("select 1 from runs where id = ?", List.of(id), rs -> 1).isEmpty();
    }

    @FunctionalInterface
    public interface Mapper<T> {
        T map(ResultSet rs) throws SQLException;
    }

    private <T> List<T> query(String sql, List<Object> values, Mapper<T> mapper) {
        try (Connection c = dataSource.getConnection()) {
            return Rows.of(c, sql, values, mapper::map);
        } catch (SQLException e) {
            throw new IllegalStateException("read query failed: " + sql, e);
        }
    }

    private static CellRow cellRow(ResultSet rs) throws SQLException {
        Array flags = rs.getArray("flags");
        List<String> flagList = flags == null ? List.of() : List.of((String[]) flags.getArray());
        int repeatCount = rs.getInt("repeat_count");
        CellStats stats = rs.wasNull()
                ? null
                : new CellStats(
                        repeatCount,
                        rs.getDouble("rps_trimmed_mean"),
                        rs.getDouble("rps_median"),
                        rs.getDouble("rps_mean"),
                        dbl(rs, "rps_stddev"),
                        dbl(rs, "rps_ci_low"),
                        dbl(rs, "rps_ci_high"),
                        rs.getDouble("error_rate"),
                        rs.getDouble("p50_median"),
                        rs.getDouble("p90_median"),
                        rs.getDouble("p99_median"),
                        rs.getBoolean("over_error_limit"),
                        dbl(rs, "rps_cv"),
                        rs.getObject("noisy", Boolean.class),
                        estimate(rs, "req_per_cpu_second"),
                        estimate(rs, "rps_per_vcpu"),
                        estimate(rs, "rss_mb_per_krps"),
                        rs.getInt("forks"),
                        dbl(rs, "rps_fork_cv"));
        Double firstResponse = dbl(rs, "startup_first_response_ms");
        CellFigures figures = CellFigures.read(rs);
        CellView cell = new CellView(
                rs.getLong("id"),
                rs.getInt("ordinal"),
                rs.getString("framework"),
                rs.getString("framework_version"),
                rs.getString("io_model"),
                rs.getString("scenario"),
                rs.getString("load_model"),
                rs.getInt("connections"),
                dbl(rs, "target_rate"),
                rs.getObject("delay_ms", Integer.class),
                rs.getInt("vcpus"),
                rs.getDouble("duration_seconds"),
                dbl(rs, "warmup_seconds"),
                rs.getBoolean("baseline"),
                flagList,
                rs.getString("cpus"),
                rs.getString("topology"),
                firstResponse == null
                        ? null
                        : new CellView.Startup(firstResponse, rs.getLong("startup_idle_rss_bytes")),
                stats,
                null,
                CompanionColumns.database(rs),
                CompanionColumns.cpuSeconds(rs),
                dbl(rs, "time_to_peak_seconds"),
                GcStats.of(figures),
                figures.estimates(),
                rs.getString("jvm_mode"),
                textList(rs, "jvm_mode_flags"),
                CellView.AotTraining.stored(
                        dbl(rs, "aot_training_seconds"),
                        rs.getObject("aot_cache_bytes", Long.class),
                        rs.getString("aot_problem")),
                CostLadder.stored(rs.getString("cost_ladder")),
                dbl(rs, "achieved_rate"),
                null);
        return new CellRow(
                cell,
                rs.getObject("run_id", UUID.class),
                rs.getObject("started_at", OffsetDateTime.class),
                rs.getObject("received_at", OffsetDateTime.class),
                rs.getString("host_class"),
                rs.getString("host_cpu_model"),
                rs.getString("jvm_vendor"),
                rs.getString("jvm_version"),
                rs.getInt("jvm_major"),
                rs.getString("classification"),
                rs.getBoolean("agent_revoked"));
    }

    /** A text[] column as a list; null when the column is. */
    private static List<String> textList(ResultSet rs, String column) throws SQLException {
        java.sql.Array a = rs.getArray(column);
        return a == null ? null : List.of((String[]) a.getArray());
    }

    /** A cost figure from four columns (name, name_ci_low, name_ci_high, name_repeats); null without a mean. */
    private static Estimate estimate(ResultSet rs, String name) throws SQLException {
        Double mean = dbl(rs, name);
        return mean == null
                ? null
                : new Estimate(
                        mean, dbl(rs, name + "_ci_low"), dbl(rs, name + "_ci_high"), rs.getInt(name + "_repeats"));
    }

    private static Double dbl(ResultSet rs, String column) throws SQLException {
        double v = rs.getDouble(column);
        return rs.wasNull() ? null : v;
    }
}
