package dev.podium.agent;

import dev.podium.common.PodiumConfig;
import dev.podium.common.ProblemException;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/** Checks the admin bearer token (PODIUM_ADMIN_TOKEN) of the write endpoints other than POST /api/runs. */
@ApplicationScoped
public class AdminGuard {

    private final PodiumConfig config;

    AdminGuard(PodiumConfig config) {
        this.config = config;
    }

    public void check(String authorization) {
        String token = config.adminToken().filter(t -> !t.isBlank()).orElseThrow(() -> new ProblemException(403,
                "admin-token-not-configured", "Forbidden",
                "the admin token is not configured (set PODIUM_ADMIN_TOKEN): admin endpoints are closed", null));
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw new ProblemException(401, "admin-token-required", "Unauthorized",
                    "send the admin token as Authorization: Bearer <token>", "Authorization");
        }
        byte[] given = authorization.substring(7).trim().getBytes(StandardCharsets.UTF_8);
        // constant time, so the comparison does not reveal how much of a guess was right
        if (!MessageDigest.isEqual(given, token.getBytes(StandardCharsets.UTF_8))) {
            throw new ProblemException(403, "admin-token-wrong", "Forbidden", "the admin token is wrong", "Authorization");
        }
    }
}
