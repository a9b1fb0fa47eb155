package dev.podium.changes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.leaderboard.SignedRuns;
import dev.podium.read.SeriesKey;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.Rows;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The time to recompute the change points of one series of 1,000 runs (5 repeats each, both metrics) from the
 * database, as the background recompute does after an ingest: one signed run is ingested, 999 copies of it are made in
 * SQL (the level 10% lower from run 500 on), then ChangeDetector.recompute is timed.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class RecomputeTimeTest {

    @Inject
    Rows rows;

    @Inject
    DataSource dataSource;

    @Inject
    ChangeDetector detector;

    @Test
    void aSeriesOfOneThousandRuns() throws Exception {
        rows.resetWithTestAgent();
        double[] rps = {50000, 50500, 49500, 50200, 49800};
        SignedRuns.run("00000000-0000-4000-8000-000000000000", "2026-01-01T08:00:00Z")
                .cell("Jetty", "12.1.3", "virtual-threads", "json", 64, 2, false, 3, 0, rps)
                .store();
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement()) {
            String runCols = columns(s, "runs", "id", "started_at");
            s.execute("insert into runs (id, started_at, " + runCols + ") select ('00000000-0000-4000-8000-'"
                    + " || lpad(n::text, 12, '0'))::uuid, r.started_at + n * interval '1 hour', " + runCols
                    + " from runs r, generate_series(1, 999) n");
            String cellCols = columns(s, "cells", "id", "run_id", "rps_trimmed_mean");
            s.execute("insert into cells (run_id, rps_trimmed_mean, " + cellCols + ") select r.id,"
                    + " c.rps_trimmed_mean * (case when r.started_at >= c0.started_at + interval '500 hours' then 0.9 else 1 end), "
                    + prefixed(cellCols, "c.")
                    + " from cells c join runs c0 on c0.id = c.run_id, runs r where r.id <> c0.id");
            s.execute("insert into repeats (cell_id, ordinal, requests, requests_per_second, p50_ms, p75_ms, p90_ms, "
                    + "p99_ms, p999_ms, max_ms, mean_ms, errors_connect, errors_read, errors_write, errors_timeout, "
                    + "errors_status) select n.id, p.ordinal, p.requests, p.requests_per_second * (n.rps_trimmed_mean / "
                    + "o.rps_trimmed_mean) * (1 + 0.02 * sin(n.id + p.ordinal)), p.p50_ms, p.p75_ms, p.p90_ms, p.p99_ms, "
                    + "p.p999_ms, p.max_ms, p.mean_ms, 0, 0, 0, 0, 0 from cells n join cells o on o.run_id = "
                    + "'00000000-0000-4000-8000-000000000000' join repeats p on p.cell_id = o.id where n.id <> o.id");
        }
        assertEquals(1000, rows.counts().runs());
        SeriesKey series = new SeriesKey(
                SignedRuns.HOST_CLASS, 2, "Jetty", "virtual-threads", "json", "closed", 64, null, "single", "default");
        detector.recompute(series); // warm up
        long t0 = System.nanoTime();
        List<ChangeView> unused = detector.recompute(series);
        double ms = (System.nanoTime() - t0) / 1e6;
        System.out.printf("recompute of a 1,000-run series (read, detect both metrics, store): %.0f ms%n", ms);
        rows.query("select count(*), min(runs_before) from change_points where metric = 'throughput'", rs -> {
            assertEquals(1, rs.getInt(1));
            assertEquals(500, rs.getInt(2));
        });
        assertTrue(ms < 5000, ms + " ms");
    }

    private static String columns(Statement s, String table, String... except) throws SQLException {
        try (ResultSet rs = s.executeQuery("select string_agg(column_name, ', ' order by ordinal_position) from "
                + "information_schema.columns where table_name = '" + table + "' and not (column_name = any (array['"
                + String.join("','", except) + "']))")) {
            rs.next();
            return rs.getString(1);
        }
    }

    private static String prefixed(String columns, String prefix) {
        return prefix + columns.replace(", ", ", " + prefix);
    }
}
