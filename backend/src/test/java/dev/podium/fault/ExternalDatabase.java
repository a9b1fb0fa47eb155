package dev.podium.fault;

import dev.podium.testing.FreePort;
import dev.podium.testing.SystemPostgres;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * A PostgreSQL cluster outside the service, made with the server binaries of the system (Debian's postgresql package,
 * /usr/lib/postgresql/N/bin) on a free loopback port: the service reaches it by URL only, as with PODIUM_DB_URL. PostgreSQL
 * refuses to run as root, so under root its commands run as the postgres user (else nobody).
 */
public class ExternalDatabase implements QuarkusTestResourceLifecycleManager {

    private static Path bin;
    private static Path folder;
    private static String runAs;

    @Override
    public Map<String, String> start() {
        try {
            bin = SystemPostgres.binaries("initdb");
            folder = Files.createTempDirectory("podium-external-pg-");
            int port = FreePort.any();
            runAs = SystemPostgres.owner(folder);
            pg("initdb", "-D", data().toString(), "-U", "podium", "--auth=trust", "-E", "UTF8", "--no-locale");
            Files.writeString(
                    data().resolve("postgresql.conf"),
                    "\nport = " + port + "\nlisten_addresses = '127.0.0.1'\n" + "unix_socket_directories = '" + folder
                            + "'\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.APPEND);
            pgCtl("start");
            return Map.of(
                    "quarkus.datasource.jdbc.url", "jdbc:postgresql://127.0.0.1:" + port + "/postgres",
                    "quarkus.datasource.username", "podium",
                    "quarkus.datasource.password", "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** pg_ctl on the cluster (start, stop -m fast, ...), waiting until it is done. */
    static void pgCtl(String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                "pg_ctl", "-D", data().toString(), "-l", folder.resolve("log").toString(), "-w", "-t", "60"));
        command.addAll(List.of(args));
        pg(command.toArray(String[]::new));
    }

    static String version() {
        return "PostgreSQL " + bin.getParent().getFileName();
    }

    private static Path data() {
        return folder.resolve("data");
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
            String log = Files.exists(folder.resolve("log")) ? Files.readString(folder.resolve("log")) : "";
            throw new IllegalStateException(String.join(" ", line) + " exited " + exit + "\n" + log);
        }
    }

    @Override
    public void stop() {
        try {
            pgCtl("stop", "-m", "immediate");
        } catch (IOException | RuntimeException ignored) {
            // already stopped; the folder goes next
        }
        try (var files = Files.walk(folder)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temporary folder; nothing depends on it
        }
    }
}
