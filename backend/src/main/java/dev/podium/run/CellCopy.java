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
import java.util.function.Function;
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

    private static final CellFigures NO_FIGURES = CellFigures.of(List.of());
    private static final String[] NO_FLAGS = new String[0];

    /** The cells' columns, each beside where a cell holds it; the declared figures' columns follow (FigureColumns). */
    private static final CopyTable<Cell> CELLS = cellColumns()
            .then(FigureColumns.CELL, (c, out) -> (c.figures == null ? NO_FIGURES : c.figures).appendCopy(out));

    /** The repeats' columns; the declared figures' columns follow. */
    private static final CopyTable<Numbered> REPEATS = CopyTable.<Numbered>of("repeats")
            .column("cell_id", n -> n.cellId())
            .column("ordinal", n -> n.ordinal())
            .column("requests", n -> n.repeat().requests)
            .column("requests_per_second", n -> n.repeat().requestsPerSecond)
            .column("p50_ms", n -> n.repeat().p50Ms)
            .column("p75_ms", n -> n.repeat().p75Ms)
            .column("p90_ms", n -> n.repeat().p90Ms)
            .column("p99_ms", n -> n.repeat().p99Ms)
            .column("p999_ms", n -> n.repeat().p999Ms)
            .column("max_ms", n -> n.repeat().maxMs)
            .column("mean_ms", n -> n.repeat().meanMs)
            .column("errors_connect", n -> n.repeat().errorsConnect)
            .column("errors_read", n -> n.repeat().errorsRead)
            .column("errors_write", n -> n.repeat().errorsWrite)
            .column("errors_timeout", n -> n.repeat().errorsTimeout)
            .column("errors_status", n -> n.repeat().errorsStatus)
            .column("wall_seconds", n -> n.repeat().wallSeconds)
            .column("target_cpu_user_seconds", n -> n.repeat().targetCpuUserSeconds)
            .column("target_cpu_system_seconds", n -> n.repeat().targetCpuSystemSeconds)
            .column("target_rss_mean_bytes", n -> n.repeat().targetRssMeanBytes)
            .column("target_rss_peak_bytes", n -> n.repeat().targetRssPeakBytes)
            .column("generator_cpu_seconds", n -> n.repeat().generatorCpuSeconds)
            .column("usage_samples", n -> n.repeat().usageSamples)
            .column("balancer_cpu_user_seconds", n -> n.repeat().balancerCpuUserSeconds)
            .column("balancer_cpu_system_seconds", n -> n.repeat().balancerCpuSystemSeconds)
            .column("fork", n -> n.repeat().fork)
            .column("database_cpu_user_seconds", n -> n.repeat().databaseCpuUserSeconds)
            .column("database_cpu_system_seconds", n -> n.repeat().databaseCpuSystemSeconds)
            .then(FigureColumns.REPEAT, (n, out) -> n.repeat().figures.appendCopy(out));

    /** A repeat with its cell's id and its place among the cell's repeats: one row of repeats. */
    private record Numbered(long cellId, int ordinal, Repeat repeat) {}

    private CellCopy() {}

    static void write(Connection connection, UUID runId, List<Cell> cells) throws SQLException {
        assignIds(connection, cells);
        StringBuilder cellRows = new StringBuilder(cells.size() * 400);
        StringBuilder repeatRows = new StringBuilder(cells.size() * 5 * 200);
        for (Cell c : cells) {
            CELLS.append(cellRows, c);
            for (int i = 0; i < c.repeats.size(); i++) {
                REPEATS.append(repeatRows, new Numbered(c.id, i, c.repeats.get(i)));
            }
        }
        CopyManager copy = connection.unwrap(PGConnection.class).getCopyAPI();
        try {
            copy.copyIn(CELLS.statement(), new StringReader(cellRows.toString()));
            copy.copyIn(REPEATS.statement(), new StringReader(repeatRows.toString()));
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

    private static CopyTable.Builder<Cell> cellColumns() {
        CopyTable.Builder<Cell> cells = CopyTable.<Cell>of("cells")
                .column("id", c -> c.id)
                .column("run_id", c -> c.run.id)
                .column("ordinal", c -> c.ordinal)
                .column("framework", c -> c.framework)
                .column("framework_version", c -> c.frameworkVersion)
                .column("io_model", c -> c.ioModel)
                .column("scenario", c -> c.scenario)
                .column("load_model", c -> c.loadModel)
                .column("connections", c -> c.connections)
                .column("target_rate", c -> c.targetRate)
                .column("delay_ms", c -> c.delayMs)
                .column("vcpus", c -> c.vcpus)
                .column("duration_seconds", c -> c.durationSeconds)
                .column("warmup_seconds", c -> c.warmupSeconds)
                .column("baseline", c -> c.baseline)
                .column("flags", c -> c.flags == null ? NO_FLAGS : c.flags)
                .column("repeat_count", c -> stat(c, CellStats::repeatCount))
                .column("rps_trimmed_mean", c -> stat(c, CellStats::rpsTrimmedMean))
                .column("rps_median", c -> stat(c, CellStats::rpsMedian))
                .column("rps_mean", c -> stat(c, CellStats::rpsMean))
                .column("rps_stddev", c -> stat(c, CellStats::rpsStddev))
                .column("rps_ci_low", c -> stat(c, CellStats::rpsCiLow))
                .column("rps_ci_high", c -> stat(c, CellStats::rpsCiHigh))
                .column("error_rate", c -> stat(c, CellStats::errorRate))
                .column("p50_median", c -> stat(c, CellStats::p50Median))
                .column("p90_median", c -> stat(c, CellStats::p90Median))
                .column("p99_median", c -> stat(c, CellStats::p99Median))
                .column("over_error_limit", c -> stat(c, CellStats::overErrorLimit))
                .column("rps_cv", c -> stat(c, CellStats::rpsCv))
                .column("noisy", c -> stat(c, CellStats::noisy));
        estimate(cells, "req_per_cpu_second", CellStats::requestsPerCpuSecond);
        estimate(cells, "rps_per_vcpu", CellStats::rpsPerVcpu);
        estimate(cells, "rss_mb_per_krps", CellStats::rssMbPerKrps);
        return cells.column("rps_ci_method", c -> c.rpsCiMethod)
                .column("cpus", c -> c.cpus)
                .column("startup_first_response_ms", c -> c.startupFirstResponseMs)
                .column("startup_idle_rss_bytes", c -> c.startupIdleRssBytes)
                .column("classification", c -> c.classification)
                .column("topology", c -> c.topology)
                .column("warmup", c -> c.warmup)
                .column("forks", c -> stat(c, CellStats::forks))
                .column("rps_fork_cv", c -> stat(c, CellStats::rpsForkCv))
                .column("db_client", c -> c.dbClient)
                .column("db_pool", c -> c.dbPool)
                .column("target_cpu_seconds", c -> c.targetCpuSeconds)
                .column("database_cpu_seconds", c -> c.databaseCpuSeconds)
                .column("balancer_cpu_seconds", c -> c.balancerCpuSeconds)
                .column("warmup_windows", c -> c.warmupWindowsJson)
                .column("time_to_peak_seconds", c -> c.timeToPeakSeconds)
                .column("jvm_mode", c -> c.jvmMode)
                .column("jvm_mode_flags", c -> c.jvmModeFlags)
                .column("aot_training_seconds", c -> c.aotTrainingSeconds)
                .column("aot_cache_bytes", c -> c.aotCacheBytes)
                .column("aot_problem", c -> c.aotProblem)
                .column("cost_ladder", c -> c.costLadderJson)
                .column("achieved_rate", c -> c.achievedRate);
    }

    /** A statistic of the cell, null while its statistics are not computed. */
    private static Object stat(Cell c, Function<CellStats, Object> of) {
        return c.stats == null ? null : of.apply(c.stats);
    }

    /** An estimate's four columns: its mean under the name, then _ci_low, _ci_high and _repeats. */
    private static void estimate(CopyTable.Builder<Cell> cells, String name, Function<CellStats, Estimate> of) {
        cells.column(name, c -> part(c, of, Estimate::mean))
                .column(name + "_ci_low", c -> part(c, of, Estimate::ciLow))
                .column(name + "_ci_high", c -> part(c, of, Estimate::ciHigh))
                .column(name + "_repeats", c -> part(c, of, Estimate::repeats));
    }

    /** A part of one of the cell's estimates, null without the statistics or without the estimate. */
    private static Object part(Cell c, Function<CellStats, Estimate> of, Function<Estimate, Object> part) {
        Estimate e = c.stats == null ? null : of.apply(c.stats);
        return e == null ? null : part.apply(e);
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
}
