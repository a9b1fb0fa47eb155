package dev.podium.upgrade;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.podium.testing.EmbeddedPostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

/**
 * The service migrates at start on a connection of its own: a migration on years of data runs for minutes, and the
 * request path's bounds (a statement 8 s, a lock wait 5 s) would cancel it and stop the start, as they did V30's
 * backfill on 10 million repeat rows. The requests keep their bounds. And replicas that start meanwhile wait.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class MigrationConnectionTest {

    @Inject
    Flyway flyway;

    @Inject
    DataSource requests;

    @Test
    void migrationsRunWithoutTheRequestTimeoutsAndRequestsKeepThem() throws SQLException {
        try (Connection c = flyway.getConfiguration().getDataSource().getConnection()) {
            assertEquals("0", setting(c, "statement_timeout"));
            assertEquals("0", setting(c, "lock_timeout"));
            assertEquals(0, c.getNetworkTimeout(), "no socket read timeout");
        }
        try (Connection c = requests.getConnection()) {
            assertEquals("8s", setting(c, "statement_timeout"));
            assertEquals("5s", setting(c, "lock_timeout"));
        }
    }

    @Test
    void aReplicaStartingBesideOneThatMigratesWaitsForItHoweverLong() {
        assertEquals(-1, flyway.getConfiguration().getLockRetryCount(), "Flyway's default gives up after 50 tries");
    }

    private static String setting(Connection c, String name) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("show " + name)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
