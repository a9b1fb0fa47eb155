package dev.podium.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * PostgreSQL clusters outside the service, made with the system's server binaries (SystemPostgres) in one temporary
 * folder, for the test resources that run servers of their own (ExternalDatabase, StreamingReplica): each cluster is
 * the data directory of its name in the folder, its server log {name}.log beside it. PostgreSQL refuses to run as root,
 * so under root their commands run as the postgres user (else nobody), to whom the folder is given.
 */
public final class PostgresClusters {

    private final Path bin;
    private final Path folder;
    private final String runAs;

    /** A new temporary folder (its name starting with {@code prefix}) and the newest binaries holding {@code commands}. */
    public PostgresClusters(String prefix, String... commands) throws IOException {
        bin = SystemPostgres.binaries(commands);
        folder = Files.createTempDirectory(prefix);
        runAs = SystemPostgres.owner(folder);
    }

    /** The data directory of cluster {@code name}. */
    public Path data(String name) {
        return folder.resolve(name);
    }

    /** "PostgreSQL N", N the version of the binaries. */
    public String version() {
        return "PostgreSQL " + bin.getParent().getFileName();
    }

    /**
     * initdb of cluster {@code name}: superuser podium, trust authentication (which also trusts replication
     * connections from 127.0.0.1: initdb's pg_hba.conf has the lines), UTF8, no locale.
     */
    public void initdb(String name) throws IOException {
        pg("initdb", "-D", data(name).toString(), "-U", "podium", "--auth=trust", "-E", "UTF8", "--no-locale");
    }

    /**
     * Appends to the cluster's postgresql.conf its port, on 127.0.0.1, its socket in the folder, then {@code more}: what
     * comes last wins over what the file says before.
     */
    public void configure(String name, int port, String more) throws IOException {
        Files.writeString(
                data(name).resolve("postgresql.conf"),
                "\nport = " + port + "\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '" + folder + "'\n"
                        + more,
                StandardCharsets.UTF_8,
                StandardOpenOption.APPEND);
    }

    /** pg_ctl on cluster {@code name} (start, stop -m fast, ...), waiting until it is done (at most 60 s). */
    public void pgCtl(String name, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                "pg_ctl",
                "-D",
                data(name).toString(),
                "-l",
                folder.resolve(name + ".log").toString(),
                "-w",
                "-t",
                "60"));
        command.addAll(List.of(args));
        pg(command.toArray(String[]::new));
    }

    /**
     * Runs a server command ({@code command[0]} of the binaries) to its end as the folder's owner; a non-zero exit is an
     * IllegalStateException naming the command and carrying every cluster's server log.
     */
    public void pg(String... command) throws IOException {
        List<String> line = new ArrayList<>();
        if (runAs != null) {
            line.addAll(List.of("runuser", "-u", runAs, "--"));
        }
        line.add(bin.resolve(command[0]).toString());
        line.addAll(List.of(command).subList(1, command.length));
        int exit = SystemPostgres.run(line.toArray(String[]::new));
        if (exit != 0) {
            StringBuilder logs = new StringBuilder();
            try (Stream<Path> files = Files.list(folder)) {
                for (Path log : files.filter(f -> f.getFileName().toString().endsWith(".log"))
                        .sorted()
                        .toList()) {
                    logs.append("\n--- ")
                            .append(log.getFileName())
                            .append(" ---\n")
                            .append(Files.readString(log));
                }
            }
            throw new IllegalStateException(String.join(" ", line) + " exited " + exit + logs);
        }
    }

    /** Stops the clusters named at once, in that order (one already stopped is passed over), then removes the folder. */
    public void delete(String... names) {
        for (String name : names) {
            try {
                pgCtl(name, "stop", "-m", "immediate");
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
