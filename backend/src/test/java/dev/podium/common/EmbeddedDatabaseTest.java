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
                files.sorted(java.util.Comparator.reverseOrder())
                        .forEach(p -> p.toFile().delete());
            }
        }
    }

    @Test
    void a_second_service_on_the_same_data_directory_refuses_to_start_and_the_first_keeps_serving() throws Exception {
        Path data = Files.createTempDirectory("podium-owner-test-").resolve("postgres");
        try (EmbeddedDatabase first = EmbeddedDatabase.start(data, 0, false, "http://127.0.0.1:18080")) {
            Process second = new ProcessBuilder(
                            Path.of(System.getProperty("java.home"), "bin", "java")
                                    .toString(),
                            "-cp",
                            System.getProperty("java.class.path"),
                            SecondOwner.class.getName(),
                            data.toString())
                    .redirectErrorStream(true)
                    .start();
            String output = new String(second.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertEquals(3, second.waitFor(), output);
            org.junit.jupiter.api.Assertions.assertTrue(
                    output.contains("pid " + ProcessHandle.current().pid())
                            && output.contains("http://127.0.0.1:18080"),
                    output);

            try (Connection c = DriverManager.getConnection(first.jdbcUrl(), first.user(), first.password());
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery("select 1")) {
                rs.next();
                assertEquals(1, rs.getInt(1), "the first server still answers");
            }
        } finally {
            try (var files = Files.walk(data.getParent())) {
                files.sorted(java.util.Comparator.reverseOrder())
                        .forEach(p -> p.toFile().delete());
            }
        }
    }
}
