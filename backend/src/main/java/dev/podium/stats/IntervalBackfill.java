package dev.podium.stats;

import dev.podium.common.StartupBackfill;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;
import lombok.RequiredArgsConstructor;
import org.jboss.logging.Logger;

/**
 * Recomputes, once, the interval of cells stored before V2__cost.sql: their rps_ci_low/rps_ci_high held a bootstrap
 * "95% CI" that with 3 repeats is just the lowest and highest repeat. A startup task rather than a Flyway Java migration
 * so that the interval has one definition ({@link CellStatistics#spread}); rows are marked by rps_ci_method, so a
 * restart resumes where a stopped run left off and does nothing once every row is done.
 */
@ApplicationScoped
@RequiredArgsConstructor
public class IntervalBackfill {

    private static final Logger LOG = Logger.getLogger(IntervalBackfill.class);
    private static final int BATCH = 1000;
    private static final String NEXT = "select c.id, array_agg(r.requests_per_second order by r.ordinal) from cells c"
            + " join repeats r on r.cell_id = c.id where c.rps_ci_method is null group by c.id order by c.id limit ?";
    private static final String UPDATE = "update cells set rps_ci_low = ?, rps_ci_high = ?, rps_stddev = ?, rps_cv = ?,"
            + " noisy = ?, rps_ci_method = ? where id = ?";

    private final DataSource dataSource;

    void onStart(@Observes StartupEvent event) {
        // on a failure the service still serves (the read side answers 503 while the database is away)
        StartupBackfill.run(
                LOG,
                this::run,
                "recomputed the 95%% t interval of %d cells stored with a bootstrap interval",
                "could not recompute stored intervals now, the next start will");
    }

    /** Recomputes every cell still without rps_ci_method; returns how many it recomputed. */
    public int run() throws SQLException {
        return StartupBackfill.inBatches(dataSource, BATCH, IntervalBackfill::batch);
    }

    private static int batch(Connection connection, int size) throws SQLException {
        int count = 0;
        try (PreparedStatement next = connection.prepareStatement(NEXT);
                PreparedStatement update = connection.prepareStatement(UPDATE)) {
            next.setInt(1, size);
            try (ResultSet rs = next.executeQuery()) {
                while (rs.next()) {
                    Array array = rs.getArray(2);
                    Double[] boxed = (Double[]) array.getArray();
                    double[] rps = new double[boxed.length];
                    for (int i = 0; i < rps.length; i++) {
                        rps[i] = boxed[i];
                    }
                    CellStatistics.Spread s = CellStatistics.spread(rps);
                    update.setObject(1, s.ciLow());
                    update.setObject(2, s.ciHigh());
                    update.setObject(3, s.stddev());
                    update.setObject(4, s.cv());
                    update.setBoolean(5, s.noisy());
                    update.setString(6, CellStatistics.INTERVAL_METHOD);
                    update.setLong(7, rs.getLong(1));
                    update.addBatch();
                    count++;
                }
            }
            if (count > 0) {
                update.executeBatch();
            }
        }
        return count;
    }
}
