package dev.podium.replica;

import io.agroal.api.AgroalDataSource;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import lombok.RequiredArgsConstructor;
import org.jboss.logging.Logger;

/**
 * One check of the replica, every {@link ReplicaConfig#checkInterval}: the primary's WAL position (with the time just
 * before it was asked), then the replica's replay position, into the {@link WalWindow}; a replica that cannot be asked
 * is reported down. A primary that cannot be asked adds no sample, so the bound keeps growing until it answers again.
 */
@RequiredArgsConstructor
final class ReplicaCheck {

    private static final Logger LOG = Logger.getLogger(ReplicaCheck.class);

    /** On a standby its replay position; on a server that is not one (a misconfiguration), its own WAL position. */
    static final String REPLAYED = "select case when pg_is_in_recovery() then pg_last_wal_replay_lsn()"
            + " else pg_current_wal_lsn() end::text";

    static final String CURRENT = "select pg_current_wal_lsn()::text";

    /** Seconds each check's query may take. */
    private static final int QUERY_TIMEOUT_SECONDS = 3;

    private final DataSource primary;
    private final AgroalDataSource replica;
    private final WalWindow window;
    private final Replica reads;

    void run() {
        try {
            long at = System.nanoTime();
            try {
                String current = position(primary, CURRENT);
                if (current != null) {
                    window.primaryAt(at, WalWindow.lsn(current));
                }
            } catch (SQLException e) {
                LOG.debugf("the primary's WAL position could not be read: %s", e.getMessage());
            }
            String replayed;
            try {
                replayed = position(replica, REPLAYED);
            } catch (SQLException e) {
                reads.unreachable(e);
                return;
            }
            if (replayed != null) {
                window.replayed(WalWindow.lsn(replayed));
            }
            reads.reached();
        } catch (RuntimeException e) {
            LOG.warnf("the replica check failed: %s", e.toString()); // the next one runs anyway
        }
    }

    private static String position(DataSource source, String sql) throws SQLException {
        try (Connection c = source.getConnection();
                Statement s = c.createStatement()) {
            s.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
            try (ResultSet rs = s.executeQuery(sql)) {
                return rs.next() ? rs.getString(1) : null;
            }
        }
    }
}
