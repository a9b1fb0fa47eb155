package dev.podium.run;

import dev.podium.figure.CellFigures;
import dev.podium.figure.FigureColumns;
import dev.podium.rounds.StartRows;
import dev.podium.stats.CellStats;
import dev.podium.stats.Estimate;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;

/**
 * Writes a run's cells and repeats with PostgreSQL COPY on the transaction's own connection: thousands of rows per
 * run, where even batched INSERTs spend most of their time per row. The cells' raw outputs and JVM starts follow on the
 * same connection (rawoutput.RawOutputs, rounds.StartRows).
 */
final class CellCopy {

    /** cells_seq increments by 50: each value v reserves the ids v .. v + 49 (Hibernate's pooled-lo). */
    static final int ID_BLOCK = 50;

    private static final String CELLS =
            "copy cells (id, run_id, ordinal, framework, framework_version, io_model, scenario,"
                    + " load_model, connections, target_rate, delay_ms, vcpus, duration_seconds, warmup_seconds, baseline, flags,"
                    + " repeat_count, rps_trimmed_mean, rps_median, rps_mean, rps_stddev, rps_ci_low, rps_ci_high, error_rate,"
                    + " p50_median, p90_median, p99_median, over_error_limit, rps_cv, noisy, req_per_cpu_second,"
                    + " req_per_cpu_second_ci_low, req_per_cpu_second_ci_high, req_per_cpu_second_repeats, rps_per_vcpu,"
                    + " rps_per_vcpu_ci_low, rps_per_vcpu_ci_high, rps_per_vcpu_repeats, rss_mb_per_krps, rss_mb_per_krps_ci_low,"
                    + " rss_mb_per_krps_ci_high, rss_mb_per_krps_repeats, rps_ci_method, cpus, startup_first_response_ms,"
                    + " startup_idle_rss_bytes, classification, topology, warmup, forks, rps_fork_cv,"
                    + " db_client, db_pool, target_cpu_seconds, database_cpu_seconds, balancer_cpu_seconds,"
                    + " warmup_windows, time_to_peak_seconds,"
                    + " jvm_mode, jvm_mode_flags, aot_training_seconds, aot_cache_bytes,"
                    + " aot_problem, cost_ladder, achieved_rate, " + FigureColumns.CELL + ") from stdin";
    private static final String REPEATS =
            "copy repeats (cell_id, ordinal, requests, requests_per_second, p50_ms, p75_ms,"
                    + " p90_ms, p99_ms, p999_ms, max_ms, mean_ms, errors_connect, errors_read, errors_write, errors_timeout,"
                    + " errors_status, wall_seconds, target_cpu_user_seconds, target_cpu_system_seconds, target_rss_mean_bytes,"
                    + " target_rss_peak_bytes, generator_cpu_seconds, usage_samples, balancer_cpu_user_seconds,"
                    + " balancer_cpu_system_seconds, fork, database_cpu_user_seconds, database_cpu_system_seconds, "
                    + FigureColumns.REPEAT + ") from stdin";

    private static final CellFigures NO_FIGURES = CellFigures.of(List.of());

    private CellCopy() {}

    static void write(Connection connection, UUID runId, List<Cell> cells) throws SQLException {
        assignIds(connection, cells);
        StringBuilder cellRows = new StringBuilder(cells.size() * 400);
        StringBuilder repeatRows = new StringBuilder(cells.size() * 5 * 200);
        for (Cell c : cells) {
            cellRows.append(c.id).append('\t').append(runId).append('\t').append(c.ordinal);
            text(cellRows, c.framework);
            text(cellRows, c.frameworkVersion);
            text(cellRows, c.ioModel);
            text(cellRows, c.scenario);
            text(cellRows, c.loadModel);
            cellRows.append('\t').append(c.connections);
            number(cellRows, c.targetRate);
            number(cellRows, c.delayMs);
            cellRows.append('\t').append(c.vcpus).append('\t').append(c.durationSeconds);
            number(cellRows, c.warmupSeconds);
            cellRows.append('\t').append(c.baseline ? 't' : 'f');
            array(cellRows, c.flags);
            stats(cellRows, c.stats);
            text(cellRows, c.rpsCiMethod);
            text(cellRows, c.cpus);
            number(cellRows, c.startupFirstResponseMs);
            number(cellRows, c.startupIdleRssBytes);
            text(cellRows, c.classification);
            text(cellRows, c.topology);
            text(cellRows, c.warmup);
            number(cellRows, c.stats == null ? null : c.stats.forks());
            number(cellRows, c.stats == null ? null : c.stats.rpsForkCv());
            text(cellRows, c.dbClient);
            number(cellRows, c.dbPool);
            number(cellRows, c.targetCpuSeconds);
            number(cellRows, c.databaseCpuSeconds);
            number(cellRows, c.balancerCpuSeconds);
            text(cellRows, c.warmupWindowsJson);
            number(cellRows, c.timeToPeakSeconds);
            text(cellRows, c.jvmMode);
            if (c.jvmModeFlags == null) {
                text(cellRows, null);
            } else {
                array(cellRows, c.jvmModeFlags);
            }
            number(cellRows, c.aotTrainingSeconds);
            number(cellRows, c.aotCacheBytes);
            text(cellRows, c.aotProblem);
            text(cellRows, c.costLadderJson);
            number(cellRows, c.achievedRate);
            (c.figures == null ? NO_FIGURES : c.figures).appendCopy(cellRows);
            cellRows.append('\n');
            for (int i = 0; i < c.repeats.size(); i++) {
                Repeat r = c.repeats.get(i);
                repeatRows
                        .append(c.id)
                        .append('\t')
                        .append(i)
                        .append('\t')
                        .append(r.requests)
                        .append('\t')
                        .append(r.requestsPerSecond)
                        .append('\t')
                        .append(r.p50Ms)
                        .append('\t')
                        .append(r.p75Ms)
                        .append('\t')
                        .append(r.p90Ms)
                        .append('\t')
                        .append(r.p99Ms)
                        .append('\t')
                        .append(r.p999Ms)
                        .append('\t')
                        .append(r.maxMs)
                        .append('\t')
                        .append(r.meanMs)
                        .append('\t')
                        .append(r.errorsConnect)
                        .append('\t')
                        .append(r.errorsRead)
                        .append('\t')
                        .append(r.errorsWrite)
                        .append('\t')
                        .append(r.errorsTimeout)
                        .append('\t')
                        .append(r.errorsStatus);
                number(repeatRows, r.wallSeconds);
                number(repeatRows, r.targetCpuUserSeconds);
                number(repeatRows, r.targetCpuSystemSeconds);
                number(repeatRows, r.targetRssMeanBytes);
                number(repeatRows, r.targetRssPeakBytes);
                number(repeatRows, r.generatorCpuSeconds);
                number(repeatRows, r.usageSamples);
                number(repeatRows, r.balancerCpuUserSeconds);
                number(repeatRows, r.balancerCpuSystemSeconds);
                repeatRows.append('\t').append(r.fork);
                number(repeatRows, r.databaseCpuUserSeconds);
                number(repeatRows, r.databaseCpuSystemSeconds);
                r.figures.appendCopy(repeatRows);
                repeatRows.append('\n');
            }
        }
        CopyManager copy = connection.unwrap(PGConnection.class).getCopyAPI();
        try {
            copy.copyIn(CELLS, new StringReader(cellRows.toString()));
            copy.copyIn(REPEATS, new StringReader(repeatRows.toString()));
        } catch (java.io.IOException e) {
            throw new SQLException("COPY of the cells of run " + runId + " failed", e);
        }
        dev.podium.rawoutput.RawOutputs.write(
                connection, cells.stream().map(c -> new dev.podium.rawoutput.RawOutputs.Row(c.id, c.rawOutputGzip)));
        StartRows.write(
                connection,
                cells.stream()
                        .filter(c -> c.starts != null)
                        .flatMap(c -> c.starts.stream().map(s -> new StartRows.Row(c.id, s))));
    }

    /** Takes ids from cells_seq, one sequence call per 50 cells. */
    private static void assignIds(Connection connection, List<Cell> cells) throws SQLException {
        int blocks = (cells.size() + ID_BLOCK - 1) / ID_BLOCK;
        try (PreparedStatement s =
                connection.prepareStatement("select nextval('cells_seq') from generate_series(1, ?)")) {
            s.setInt(1, blocks);
            try (ResultSet rs = s.executeQuery()) {
                int i = 0;
                while (rs.next()) {
                    long first = rs.getLong(1);
                    for (int k = 0; k < ID_BLOCK && i < cells.size(); k++, i++) {
                        cells.get(i).id = first + k;
                    }
                }
            }
        }
    }

    /** A text column in COPY's text format: backslash, tab, newline and carriage return escaped. */
    private static void text(StringBuilder out, String value) {
        out.append('\t');
        if (value == null) {
            out.append("\\N");
            return;
        }
        escape(out, value);
    }

    private static void escape(StringBuilder out, String value) {
        for (int i = 0; i < value.length(); i++) {
            char ch = value.charAt(i);
            switch (ch) {
                case '\\' -> out.append("\\\\");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                default -> out.append(ch);
            }
        }
    }

    /** The statistics columns, in CELLS' order (CellStats' components, an estimate as four); \\N when not computed. */
    private static void stats(StringBuilder out, CellStats s) {
        if (s == null) {
            out.append("\t\\N".repeat(26));
            return;
        }
        number(out, s.repeatCount());
        number(out, s.rpsTrimmedMean());
        number(out, s.rpsMedian());
        number(out, s.rpsMean());
        number(out, s.rpsStddev());
        number(out, s.rpsCiLow());
        number(out, s.rpsCiHigh());
        number(out, s.errorRate());
        number(out, s.p50Median());
        number(out, s.p90Median());
        number(out, s.p99Median());
        bool(out, s.overErrorLimit());
        number(out, s.rpsCv());
        bool(out, s.noisy());
        estimate(out, s.requestsPerCpuSecond());
        estimate(out, s.rpsPerVcpu());
        estimate(out, s.rssMbPerKrps());
    }

    private static void estimate(StringBuilder out, Estimate e) {
        number(out, e == null ? null : e.mean());
        number(out, e == null ? null : e.ciLow());
        number(out, e == null ? null : e.ciHigh());
        number(out, e == null ? null : e.repeats());
    }

    private static void number(StringBuilder out, Number value) {
        out.append('\t');
        if (value == null) {
            out.append("\\N");
        } else {
            out.append(value);
        }
    }

    private static void bool(StringBuilder out, Boolean value) {
        out.append('\t').append(value == null ? "\\N" : value ? "t" : "f");
    }

    /** A text[] column: the array literal {"a","b"} (elements quoted, " and \ escaped), then COPY-escaped. */
    private static void array(StringBuilder out, String[] values) {
        out.append('\t');
        StringBuilder literal = new StringBuilder("{");
        for (int i = 0; values != null && i < values.length; i++) {
            if (i > 0) {
                literal.append(',');
            }
            literal.append('"')
                    .append(values[i].replace("\\", "\\\\").replace("\"", "\\\""))
                    .append('"');
        }
        escape(out, literal.append('}').toString());
    }
}
