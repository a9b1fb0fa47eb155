package dev.podium.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/** A loopback port free now: for a server a test starts itself, or for one that must be found closed. */
public final class FreePort {

    private FreePort() {}

    /** A port the system gave and released just now (free until something else takes it). */
    public static int any() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
