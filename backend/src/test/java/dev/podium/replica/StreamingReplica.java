package dev.podium.replica;

import dev.podium.testing.FreePort;
import dev.podium.testing.SystemPostgres;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * A real primary and a real streaming replica of it, made with the system's PostgreSQL server binaries (Debian's
 * postgresql package, /usr/lib/postgresql/N/bin) in a temporary folder on free loopback ports: initdb and start the
 * primary, {@code pg_basebackup -R -X stream} of it (the backup writes standby.signal and primary_conninfo), start that
 * as a hot standby. The service gets the primary as its datasource and the replica as its {@code read} datasource,
 * by URL, as PODIUM_DB_URL and PODIUM_DB_READ_URL give them. PostgreSQL refuses to run as root, so under root its
 * commands run as the postgres user (else nobody), as ExternalDatabase does.
 */
public class StreamingReplica implements QuarkusTestResourceLifecycleManager {

    private static Path bin;
    private static Path folder;
    private static String runAs;
    private static int primaryPort;
    private static int replicaPort;

    @Override
    public Map<String, String> start() {
        try {
            bin = SystemPostgres.binaries("initdb", "pg_basebackup");
            folder = Files.createTempDirectory("podium-replica-pg-");
            primaryPort = FreePort.any();
            replicaPort = FreePort.any();
            runAs = SystemPostgres.owner(folder);
            // initdb --auth=trust also trusts replication connections from 127.0.0.1 (its pg_hba.conf has the lines)
            pg("initdb", "-D", data("primary").toString(), "-U", "podium", "--auth=trust", "-E", "UTF8", "--no-locale");
            configure("primary", primaryPort, "wal_level = replica\nmax_wal_senders = 4\n");
            pgCtl("primary", "start");
            pg(
                    "pg_basebackup",
                    "-h",
                    "127.0.0.1",
                    "-p",
                    Integer.toString(primaryPort),
                    "-U",
                    "podium",
                    "-D",
                    data("replica").toString(),
                    "-R",
                    "-X",
                    "stream",
                    "-c",
                    "fast");
            // the backup carries the primary's postgresql.conf: the replica's own port comes after it (the last wins)
            configure("replica", replicaPort, "hot_standby = on\nhot_standby_feedback = on\n");
            pgCtl("replica", "start");
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
        return "PostgreSQL " + bin.getParent().getFileName();
    }

    /** pg_ctl on the replica (start, stop -m fast, ...), waiting until it is done. */
    static void replicaCtl(String... args) throws IOException {
        pgCtl("replica", args);
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

    private static Path data(String which) {
        return folder.resolve(which);
    }

    private static void configure(String which, int port, String more) throws IOException {
        Files.writeString(
                data(which).resolve("postgresql.conf"),
                "\nport = " + port + "\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '" + folder + "'\n"
                        + more,
                StandardCharsets.UTF_8,
                StandardOpenOption.APPEND);
    }

    private static void pgCtl(String which, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                "pg_ctl",
                "-D",
                data(which).toString(),
                "-l",
                folder.resolve(which + ".log").toString(),
                "-w",
                "-t",
                "60"));
        command.addAll(List.of(args));
        pg(command.toArray(String[]::new));
    }

    private static void pg(String... command) throws IOException {
        List<String> line = new ArrayList<>();
        if (runAs != null) {
            line.addAll(List.of("runuser", "-u", runAs, "--"));
        }
        line.add(bin.resolve(command[0]).toString());
        line.addAll(List.of(command).subList(1, command.length));
        int exit = SystemPostgres.run(line.toArray(String[]::new));
        if (exit != 0) {
            StringBuilder logs = new StringBuilder();
            for (String which : new String[] {"primary", "replica"}) {
                Path log = folder.resolve(which + ".log");
                if (Files.exists(log)) {
                    logs.append("\n--- ").append(which).append(" ---\n").append(Files.readString(log));
                }
            }
            throw new IllegalStateException(String.join(" ", line) + " exited " + exit + logs);
        }
    }

    @Override
    public void stop() {
        for (String which : new String[] {"replica", "primary"}) {
            try {
                pgCtl(which, "stop", "-m", "immediate");
            } catch (IOException | RuntimeException ignored) {
                // already stopped; the folder goes next
            }
        }
        try (var files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary folder; nothing depends on it
        }
    }
}
