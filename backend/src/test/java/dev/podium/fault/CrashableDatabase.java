package dev.podium.fault;

import dev.podium.common.EmbeddedDatabase;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.FreePort;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The embedded PostgreSQL of the fault tests, on a port fixed at start so that the service's pool reaches it again after
 * the test has crashed (SIGKILL), frozen (SIGSTOP) or restarted it on the same data.
 */
public class CrashableDatabase implements QuarkusTestResourceLifecycleManager {

    private static Path data;
    private static int port;
    private static EmbeddedDatabase database;

    @Override
    public Map<String, String> start() {
        try {
            data = Files.createTempDirectory("podium-fault-pg-").resolve("postgres");
            port = FreePort.any();
            database = EmbeddedDatabase.start(data, port, false);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return EmbeddedPostgresResource.datasource(database);
    }

    static EmbeddedDatabase database() {
        return database;
    }

    /** SIGKILL to the postmaster and every PostgreSQL process under it, as in a crash of the server. */
    static void crash() throws Exception {
        signal("KILL");
    }

    static void freeze() throws Exception {
        signal("STOP");
    }

    static void thaw() throws Exception {
        signal("CONT");
    }

    /** A clean shutdown of PostgreSQL (pg_ctl stop), as an operator's restart or a maintenance window does. */
    static void shutDown() throws IOException {
        database.close();
    }

    /** Starts PostgreSQL again on the same data and port (crash recovery replays its WAL). */
    static void restart() throws IOException {
        try {
            database.close(); // the server is gone; this releases what the old handle still holds
        } catch (IOException | RuntimeException ignored) {
            // pg_ctl stop finds no server: expected after a crash
        }
        database = EmbeddedDatabase.start(data, port, false);
    }

    private static void signal(String name) throws Exception {
        long postmaster = database.postmasterPid();
        List<String> command = new ArrayList<>(List.of("kill", "-" + name, Long.toString(postmaster)));
        ProcessHandle.of(postmaster).ifPresent(p -> p.descendants().forEach(d -> command.add(Long.toString(d.pid()))));
        int exit = new ProcessBuilder(command).inheritIO().start().waitFor();
        if (exit != 0 && !name.equals("KILL")) {
            throw new IllegalStateException(String.join(" ", command) + " exited " + exit);
        }
    }

    @Override
    public void stop() {
        try {
            database.close();
        } catch (IOException | RuntimeException ignored) {
            // best effort: the folder goes next
        }
        try (var files = Files.walk(data.getParent())) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary folder; nothing depends on it
        }
    }
}
