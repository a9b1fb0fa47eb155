package dev.podium.testing;

import static io.restassured.RestAssured.given;

import io.agroal.api.AgroalDataSource;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Row counts of the stored tables, and a reset between tests. */
@ApplicationScoped
public class Rows {

    private final AgroalDataSource dataSource;

    Rows(AgroalDataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** The number of runs, cells and repeats stored. */
    public record Counts(long runs, long cells, long repeats) {}

    public Counts counts() {
        return new Counts(count("runs"), count("cells"), count("repeats"));
    }

    public void reset() {
        // The background change detection (its sweep, or the detection of a run an earlier test stored) may hold
        // locks the truncate needs in the other order: PostgreSQL then aborts one of the two (40P01). The
        // detection retries on its own; the reset tries again, a few times.
        for (int attempt = 1; ; attempt++) {
            try {
                // series_keys: V30's series, which nothing stored references (their points go with the cells)
                execute("truncate table repeats, cells, runs, agents, series_keys restart identity cascade");
                return;
            } catch (IllegalStateException e) {
                boolean deadlock = e.getCause() instanceof SQLException sql && "40P01".equals(sql.getSQLState());
                if (!deadlock || attempt == 5) {
                    throw e;
                }
            }
        }
    }

    /** Empties the stored tables and enrols the test-agent key: the state most tests start from. */
    public void resetWithTestAgent() {
        reset();
        Api.enrol("test-agent");
    }

    /**
     * Whether the tables hold what an earlier test of the same class seeded: {@code runs} runs, {@code runId} among
     * them and readable. Classes whose tests only read their seed store it once.
     */
    public boolean seeded(long runs, String runId) {
        return counts().runs() == runs && given().get("/api/runs/" + runId).statusCode() == 200;
    }

    /**
     * Stores a class's seed unless the tables already hold it ({@link #seeded}): else empties them, enrols the
     * test-agent key and runs seed.
     */
    public void seedOnce(long runs, String runId, Runnable seed) {
        if (!seeded(runs, runId)) {
            resetWithTestAgent();
            seed.run();
        }
    }

    private long count(String table) {
        return scalar("select count(*) from " + table);
    }

    /** The first column of the first row of a query, as a long. */
    public long scalar(String sql) {
        List<Long> values = new ArrayList<>();
        query(sql, rs -> values.add(rs.getLong(1)));
        return values.getFirst();
    }

    /** Reads a row of a query's answer. */
    public interface RowReader {
        void read(ResultSet rs) throws SQLException;
    }

    /** Runs a query and hands each row of its answer to reader. */
    public void query(String sql, RowReader reader) {
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                reader.read(rs);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Runs a statement, for tests that need stored rows in a shape the service no longer writes. */
    public void execute(String sql) {
        try (Connection c = dataSource.getConnection();
                Statement s = c.createStatement()) {
            s.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
