package dev.podium.common;

import java.nio.file.Path;

/** Run in its own JVM by EmbeddedDatabaseTest: tries to start a second server on a data directory. */
public final class SecondOwner {

    public static void main(String[] args) throws Exception {
        try (EmbeddedDatabase ignored = EmbeddedDatabase.start(Path.of(args[0]), 0, false, "second")) {
            System.out.println("started");
        } catch (DataDirectoryOwner.DataDirectoryInUseException e) {
            System.out.println(e.getMessage());
            System.exit(3);
        }
    }
}
