package dev.podium.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The system's PostgreSQL server binaries (Debian's postgresql package, /usr/lib/postgresql/N/bin) for the tests that
 * run clusters of their own outside the service (PostgresClusters, for ExternalDatabase and StreamingReplica): where
 * they are, who runs them (PostgreSQL refuses to run as root: under root, the postgres user, else nobody), and a
 * command run to its end.
 */
public final class SystemPostgres {

    private SystemPostgres() {}

    /** The newest /usr/lib/postgresql/N/bin holding every one of the commands. */
    public static Path binaries(String... commands) throws IOException {
        Path root = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(root)) {
            try (Stream<Path> versions = Files.list(root)) {
                var newest = versions.map(v -> v.resolve("bin"))
                        .filter(b -> Arrays.stream(commands).allMatch(c -> Files.isExecutable(b.resolve(c))))
                        .max(Comparator.comparingInt(b -> Integer.parseInt(
                                b.getParent().getFileName().toString().replaceAll("\\D", "0"))));
                if (newest.isPresent()) {
                    return newest.get();
                }
            }
        }
        throw new IllegalStateException("no PostgreSQL server binaries (" + String.join(", ", commands)
                + ") under /usr/lib/postgresql: apt-get install -y postgresql (ci/install-deps.sh pg-server)");
    }

    /**
     * The user the cluster's commands run as: null when this process is not root (they run as it), else postgres (or
     * nobody), to whom the folder is given.
     */
    public static String owner(Path folder) throws IOException {
        if (((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) != 0) {
            return null;
        }
        String runAs = run("id", "-u", "postgres") == 0 ? "postgres" : "nobody";
        if (run("chown", runAs, folder.toString()) != 0) {
            throw new IllegalStateException("cannot give " + folder + " to " + runAs);
        }
        return runAs;
    }

    /** Runs a command to its end (at most 120 s, its output discarded) and returns its exit status (-1: timed out). */
    public static int run(String... command) throws IOException {
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return -1;
            }
            return p.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }
}
