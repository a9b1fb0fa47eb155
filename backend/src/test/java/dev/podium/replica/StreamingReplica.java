package dev.podium.replica;

import dev.podium.testing.FreePort;
import dev.podium.testing.PostgresClusters;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

/**
 * A real primary and a real streaming replica of it, made with the system's PostgreSQL server binaries (Debian's
 * postgresql package, /usr/lib/postgresql/N/bin) in a temporary folder on free loopback ports: initdb and start the
 * primary, {@code pg_basebackup -R -X stream} of it (the backup writes standby.signal and primary_conninfo), start that
 * as a hot standby. The service gets the primary as its datasource and the replica as its {@code read} datasource,
 * by URL, as PODIUM_DB_URL and PODIUM_DB_READ_URL give them. Under root its commands run as the postgres user (else
 * nobody), as PostgresClusters does for ExternalDatabase too.
 */
public class StreamingReplica implements QuarkusTestResourceLifecycleManager {

    private static PostgresClusters clusters;
    private static int primaryPort;
    private static int replicaPort;

    @Override
    public Map<String, String> start() {
        try {
            clusters = new PostgresClusters("podium-replica-pg-", "initdb", "pg_basebackup");
            primaryPort = FreePort.any();
            replicaPort = FreePort.any();
            // initdb --auth=trust also trusts replication connections from 127.0.0.1 (its pg_hba.conf has the lines)
            clusters.initdb("primary");
            clusters.configure("primary", primaryPort, "wal_level = replica\nmax_wal_senders = 4\n");
            clusters.pgCtl("primary", "start");
            clusters.pg(
                    "pg_basebackup",
                    "-h",
                    "127.0.0.1",
                    "-p",
                    Integer.toString(primaryPort),
                    "-U",
                    "podium",
                    "-D",
                    clusters.data("replica").toString(),
                    "-R",
                    "-X",
                    "stream",
                    "-c",
                    "fast");
            // the backup carries the primary's postgresql.conf: the replica's own port comes after it (the last wins)
            clusters.configure("replica", replicaPort, "hot_standby = on\nhot_standby_feedback = on\n");
            clusters.pgCtl("replica", "start");
            return Map.of(
                    "quarkus.datasource.jdbc.url", url(primaryPort),
                    "quarkus.datasource.username", "podium",
                    "quarkus.datasource.password", "",
                    "quarkus.datasource.read.jdbc.url", url(replicaPort),
                    "quarkus.datasource.read.username", "podium",
                    "quarkus.datasource.read.password", "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String version() {
        return clusters.version();
    }

    /** pg_ctl on the replica (start, stop -m fast, ...), waiting until it is done. */
    static void replicaCtl(String... args) throws IOException {
        clusters.pgCtl("replica", args);
    }

    /** The first column of the first row of a query on the replica (superuser podium), as text. */
    static String onReplica(String sql) throws SQLException {
        return query(replicaPort, sql);
    }

    /** The same on the primary. */
    static String onPrimary(String sql) throws SQLException {
        return query(primaryPort, sql);
    }

    private static String query(int port, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url(port), "podium", "");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    private static String url(int port) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    }

    @Override
    public void stop() {
        clusters.delete("replica", "primary");
    }
}
