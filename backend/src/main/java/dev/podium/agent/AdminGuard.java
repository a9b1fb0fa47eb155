package dev.podium.agent;

import dev.podium.common.PodiumConfig;
import dev.podium.common.ProblemException;
import dev.podium.security.AdminAttempts;
import io.quarkus.runtime.Startup;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Optional;

/**
 * Checks the admin bearer token (PODIUM_ADMIN_TOKEN, or the file PODIUM_ADMIN_TOKEN_FILE) of the write endpoints other
 * than POST /api/runs; wrong tokens are counted per client address (AdminAttempts). The token is never logged.
 */
@ApplicationScoped
@Startup // an unreadable token file stops the service at start, not at the first admin request
public class AdminGuard {

    private final Optional<byte[]> token;
    private final AdminAttempts attempts;
    private final CurrentVertxRequest request;

    AdminGuard(PodiumConfig config, AdminAttempts attempts, CurrentVertxRequest request) {
        this.token = config.adminToken()
                .filter(t -> !t.isBlank())
                .or(() -> config.adminTokenFile().map(AdminGuard::read).filter(t -> !t.isBlank()))
                .map(t -> t.getBytes(StandardCharsets.UTF_8));
        this.attempts = attempts;
        this.request = request;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException("PODIUM_ADMIN_TOKEN_FILE " + file + " cannot be read", e);
        }
    }

    public void check(String authorization) {
        byte[] expected = token.orElseThrow(() -> new ProblemException(
                403,
                "admin-token-not-configured",
                "Forbidden",
                "the admin token is not configured (set PODIUM_ADMIN_TOKEN): admin endpoints are closed",
                null));
        String address = clientAddress();
        attempts.checkAllowed(address);
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw new ProblemException(
                    401,
                    "admin-token-required",
                    "Unauthorized",
                    "send the admin token as Authorization: Bearer <token>",
                    "Authorization");
        }
        byte[] given = authorization.substring(7).trim().getBytes(StandardCharsets.UTF_8);
        // constant time, so the comparison does not reveal how much of a guess was right
        if (!MessageDigest.isEqual(given, expected)) {
            attempts.recordFailure(address);
            throw new ProblemException(
                    403, "admin-token-wrong", "Forbidden", "the admin token is wrong", "Authorization");
        }
    }

    private String clientAddress() {
        var current = request.getCurrent();
        var remote = current == null ? null : current.request().remoteAddress();
        return remote == null ? "unknown" : remote.hostAddress();
    }
}
