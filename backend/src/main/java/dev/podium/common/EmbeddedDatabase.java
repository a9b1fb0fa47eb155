package dev.podium.common;

import io.zonky.test.db.postgres.embedded.DefaultPostgresBinaryResolver;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.jboss.logging.Logger;
import org.tukaani.xz.XZInputStream;

/**
 * A real PostgreSQL server run from the zonky binaries artifact: the service's default database and the tests' one.
 * PostgreSQL refuses to run as root, and CI and containers run as root, so under root its binaries are wrapped to run
 * without root's identity (see wrap).
 */
public final class EmbeddedDatabase implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(EmbeddedDatabase.class);
    private static final String UNPRIVILEGED_ID = "65534"; // nobody / nogroup on Debian and most distributions
    private static final List<String> WRAPPED = List.of("initdb", "pg_ctl", "postgres");
    private static final int WRAPPER_VERSION = 2; // part of the binaries' folder name: a new wrapper, a new folder

    private final EmbeddedPostgres postgres;
    private final DataDirectoryOwner owner;

    private EmbeddedDatabase(EmbeddedPostgres postgres, DataDirectoryOwner owner) {
        this.postgres = postgres;
        this.owner = owner;
    }

    public static EmbeddedDatabase start(Path dataDirectory, int port, boolean clean) throws IOException {
        return start(dataDirectory, port, clean, "");
    }

    /**
     * Starts a server on the data directory, creating the cluster only when the directory holds none (clean: the
     * directory must be new, and is deleted when the server stops); port 0 picks a free port. The directory gets one
     * owner (see DataDirectoryOwner; ownerDescription, e.g. the HTTP address, is what a second starter is told). A
     * directory left by a killed owner (stale postmaster.pid, orphaned postmaster) is recovered.
     */
    public static EmbeddedDatabase start(Path dataDirectory, int port, boolean clean, String ownerDescription)
            throws IOException {
        return start(dataDirectory, port, clean, ownerDescription, true);
    }

    /**
     * The service's own database (PodiumMain): kept, on a port the kernel picks, and without zonky's JVM shutdown hook,
     * which would stop it while the application still answers (ServiceDatabase stops it after the application).
     */
    static EmbeddedDatabase startForService(Path dataDirectory, String ownerDescription) throws IOException {
        return start(dataDirectory, 0, false, ownerDescription, false);
    }

    private static EmbeddedDatabase start(
            Path dataDirectory, int port, boolean clean, String ownerDescription, boolean stopAtJvmExit)
            throws IOException {
        Files.createDirectories(dataDirectory);
        DataDirectoryOwner owner = DataDirectoryOwner.claim(dataDirectory, ownerDescription);
        try {
            recoverStalePostmaster(dataDirectory);
            EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                    .setDataDirectory(dataDirectory)
                    .setCleanDataDirectory(clean)
                    .setPGStartupWait(Duration.ofSeconds(60))
                    .setRegisterShutdownHook(stopAtJvmExit)
                    .setServerConfig("max_connections", "200")
                    // zonky's defaults trade durability for speed; a run answered 201 must survive a crash
                    .setServerConfig("fsync", "on")
                    .setServerConfig("synchronous_commit", "on")
                    .setServerConfig("full_page_writes", "on");
            return new EmbeddedDatabase(startServer(builder, port), owner);
        } catch (IOException | RuntimeException e) {
            owner.release();
            throw e;
        }
    }

    private static EmbeddedPostgres startServer(EmbeddedPostgres.Builder builder, int port) throws IOException {
        if (port > 0) {
            builder.setPort(port);
        }
        if (isRoot()) {
            RootSafeBinaries binaries = RootSafeBinaries.prepare();
            builder.setOverrideWorkingDirectory(binaries.workingDirectory().toFile())
                    .setPgBinaryResolver((system, arch) -> new ByteArrayInputStream(binaries.archive()));
        }
        return builder.start();
    }

    public int port() {
        return postgres.getPort();
    }

    public String jdbcUrl() {
        return "jdbc:postgresql://localhost:" + port() + "/postgres";
    }

    public String user() {
        return "postgres";
    }

    public String password() {
        return "postgres";
    }

    /** The postmaster's process id (from postmaster.pid), for tests that crash or freeze it. */
    public long postmasterPid() throws IOException {
        Path pidFile = owner.dataDirectory().resolve("postmaster.pid");
        return Long.parseLong(
                Files.readAllLines(pidFile, StandardCharsets.UTF_8).getFirst().trim());
    }

    @Override
    public void close() throws IOException {
        try {
            postgres.close();
        } finally {
            owner.release();
        }
    }

    static boolean isRoot() {
        try {
            return ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }

    /**
     * Called only by the directory's owner, so a live postmaster here is an orphan of a killed owner and is stopped;
     * a postmaster.pid whose process is gone is deleted.
     */
    private static void recoverStalePostmaster(Path dataDirectory) throws IOException {
        Path pidFile = dataDirectory.resolve("postmaster.pid");
        if (!Files.exists(pidFile)) {
            return;
        }
        List<String> lines = Files.readAllLines(pidFile, StandardCharsets.UTF_8);
        long pid;
        try {
            pid = Long.parseLong(lines.getFirst().trim());
        } catch (RuntimeException e) {
            Files.deleteIfExists(pidFile);
            return;
        }
        Optional<ProcessHandle> process = ProcessHandle.of(pid)
                .filter(ProcessHandle::isAlive)
                .filter(p -> p.info().command().map(c -> c.contains("postgres")).orElse(false));
        if (process.isEmpty()) {
            LOG.infof("removing stale %s (process %d is gone)", pidFile, pid);
            Files.deleteIfExists(pidFile);
            return;
        }
        // a postmaster orphaned by a killed service still holds the directory: SIGTERM lets it shut down cleanly
        LOG.warnf("stopping orphaned PostgreSQL %d that still holds %s", pid, dataDirectory);
        ProcessHandle postmaster = process.get();
        postmaster.destroy();
        try {
            postmaster.onExit().get(30, java.util.concurrent.TimeUnit.SECONDS);
        } catch (Exception e) {
            postmaster.destroyForcibly();
        }
        Files.deleteIfExists(pidFile);
    }

    /**
     * The zonky binaries, extracted where zonky looks for them (PG-<md5 of the archive>, marked ready by .exists), with
     * initdb, pg_ctl and postgres wrapped to drop root privileges.
     */
    private record RootSafeBinaries(Path workingDirectory, byte[] archive) {

        static RootSafeBinaries prepare() throws IOException {
            byte[] archive;
            try (InputStream in = DefaultPostgresBinaryResolver.INSTANCE.getPgBinary("linux", "x86_64")) {
                archive = in.readAllBytes();
            }
            Path workingDirectory =
                    Path.of(System.getProperty("java.io.tmpdir"), "podium-embedded-pg-" + WRAPPER_VERSION);
            Files.createDirectories(workingDirectory);
            workingDirectory.toFile().setReadable(true, false);
            workingDirectory.toFile().setExecutable(true, false);
            Path pgDirectory = workingDirectory.resolve("PG-" + md5(archive));
            if (Files.exists(pgDirectory.resolve(".exists"))) {
                return new RootSafeBinaries(workingDirectory, archive);
            }
            // several services or test runs may start at once: one extracts, the others wait for it
            try (FileChannel channel = FileChannel.open(
                            workingDirectory.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock ignored = channel.lock()) {
                if (!Files.exists(pgDirectory.resolve(".exists"))) {
                    Path staging = Files.createTempDirectory(workingDirectory, "staging-");
                    extract(archive, staging);
                    for (String binary : WRAPPED) {
                        wrap(staging.resolve("bin").resolve(binary));
                    }
                    Files.setPosixFilePermissions(staging, PosixFilePermissions.fromString("rwxr-xr-x"));
                    Files.move(staging, pgDirectory, StandardCopyOption.ATOMIC_MOVE);
                    // zonky trusts the marker only when it is newer than everything else in the directory
                    Files.writeString(pgDirectory.resolve(".exists"), "");
                }
            }
            return new RootSafeBinaries(workingDirectory, archive);
        }

        private static void extract(byte[] archive, Path target) throws IOException {
            try (TarArchiveInputStream tar =
                    new TarArchiveInputStream(new XZInputStream(new ByteArrayInputStream(archive)))) {
                TarArchiveEntry entry;
                while ((entry = tar.getNextEntry()) != null) {
                    Path path = target.resolve(entry.getName()).normalize();
                    if (!path.startsWith(target)) {
                        throw new IOException("archive entry outside its folder: " + entry.getName());
                    }
                    if (entry.isDirectory()) {
                        Files.createDirectories(path);
                    } else if (entry.isSymbolicLink()) {
                        Files.createDirectories(path.getParent());
                        Files.createSymbolicLink(path, Path.of(entry.getLinkName()));
                    } else {
                        Files.createDirectories(path.getParent());
                        Files.copy(tar, path, StandardCopyOption.REPLACE_EXISTING);
                        boolean executable = (entry.getMode() & 0100) != 0;
                        Files.setPosixFilePermissions(
                                path, PosixFilePermissions.fromString(executable ? "rwxr-xr-x" : "rw-r--r--"));
                    }
                }
            }
            try (var dirs = Files.walk(target)) {
                for (Path dir : (Iterable<Path>) dirs.filter(Files::isDirectory)::iterator) {
                    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
                }
            }
        }

        /** Moves the binary to NAME.real and puts a script in its place that runs it as nobody when called as root. */
        private static void wrap(Path binary) throws IOException {
            Path real = binary.resolveSibling(binary.getFileName() + ".real");
            Files.move(binary, real);
            String script = """
                    #!/bin/sh
                    # PostgreSQL refuses to run as root. As root, run it in a new user namespace where root is unmapped (as
                    # zonky does by itself when it detects it can), so the data stays root's whichever path started it;
                    # where user namespaces are not allowed, hand the data directory to nobody and run as nobody.
                    real="$0.real"
                    if [ "$(id -u)" = 0 ]; then
                      if unshare -U true 2>/dev/null; then exec unshare -U "$real" "$@"; fi
                      prev=""
                      for a in "$@"; do
                        if [ "$prev" = "-D" ]; then chown -R %1$s:%1$s "$a"; fi
                        prev="$a"
                      done
                      exec setpriv --reuid=%1$s --regid=%1$s --clear-groups "$real" "$@"
                    fi
                    exec "$real" "$@"
                    """.formatted(UNPRIVILEGED_ID);
            Files.writeString(binary, script);
            Files.setPosixFilePermissions(binary, PosixFilePermissions.fromString("rwxr-xr-x"));
        }

        private static String md5(byte[] bytes) {
            try {
                return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(bytes));
            } catch (NoSuchAlgorithmException e) {
                throw new UncheckedIOException(new IOException(e));
            }
        }
    }
}
