package dev.podium.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** The embedded PostgreSQL keeps its data across restarts and starts again after a killed run. */
class EmbeddedDatabaseTest {

    @Test
    void keeps_its_data_across_restarts_and_starts_over_a_stale_postmaster_pid() throws Exception {
        Path data = Files.createTempDirectory("podium-embedded-test-");
        try (EmbeddedDatabase db = EmbeddedDatabase.start(data, 0, false);
             Connection c = DriverManager.getConnection(db.jdbcUrl(), db.user(), db.password());
             Statement s = c.createStatement()) {
            s.execute("create table kept (v int)");
            s.execute("insert into kept values (42)");
        }
        // what a killed service leaves behind: a lock file naming a process that is gone
        Files.writeString(data.resolve("postmaster.pid"), "2147483646\n" + data + "\n0\n5432\n");

        try (EmbeddedDatabase db = EmbeddedDatabase.start(data, 0, false);
             Connection c = DriverManager.getConnection(db.jdbcUrl(), db.user(), db.password());
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select v from kept")) {
            rs.next();
            assertEquals(42, rs.getInt(1));
        } finally {
            try (var files = Files.walk(data)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
