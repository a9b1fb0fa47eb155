package dev.podium.common;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One service per embedded data directory: an exclusive lock on {@code <dir>.owner} beside it, held for the service's
 * life. The kernel drops the lock when the process dies however it dies (SIGKILL included), so a held lock means a
 * live owner, and a free one means any postmaster left on the directory is an orphan.
 */
final class DataDirectoryOwner {

    private final Path dataDirectory;
    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private DataDirectoryOwner(Path dataDirectory, Path file, FileChannel channel, FileLock lock) {
        this.dataDirectory = dataDirectory;
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /** Takes the directory, or throws DataDirectoryInUseException naming the process that holds it. */
    static DataDirectoryOwner claim(Path dataDirectory, String description) throws IOException {
        Path file = dataDirectory.resolveSibling(dataDirectory.getFileName() + ".owner");
        FileChannel channel =
                FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null; // this very JVM holds it
        }
        if (lock == null) {
            channel.close();
            String holder = Files.readString(file, StandardCharsets.UTF_8).strip();
            throw new DataDirectoryInUseException("the data directory " + dataDirectory + " is in use by "
                    + (holder.isEmpty() ? "another process" : holder)
                    + "; stop that service first, or give this one another PODIUM_DATA_DIR");
        }
        String holder = "the Podium service with pid " + ProcessHandle.current().pid()
                + (description == null || description.isBlank() ? "" : " (" + description + ")");
        channel.truncate(0);
        channel.write(ByteBuffer.wrap((holder + "\n").getBytes(StandardCharsets.UTF_8)), 0);
        channel.force(true);
        return new DataDirectoryOwner(dataDirectory, file, channel, lock);
    }

    Path dataDirectory() {
        return dataDirectory;
    }

    /** Lets the directory go; the lock file goes too when the directory itself is gone (a clean, temporary one). */
    void release() throws IOException {
        try (channel) {
            if (lock.isValid()) {
                lock.release();
            }
        }
        if (!Files.exists(dataDirectory)) {
            Files.deleteIfExists(file);
        }
    }

    /** A second service was started on a directory whose owner is still running. */
    public static final class DataDirectoryInUseException extends IllegalStateException {
        DataDirectoryInUseException(String message) {
            super(message);
        }
    }
}
