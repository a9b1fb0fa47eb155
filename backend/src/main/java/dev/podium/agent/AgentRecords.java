package dev.podium.agent;

import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The JSON shapes of the agent endpoints. */
public final class AgentRecords {

    private AgentRecords() {}

    /** POST /api/agents body: a name and the raw 32-byte Ed25519 public key in base64. */
    public record Enrolment(String name, String publicKey) {}

    /** POST /api/agents answer. */
    public record Enrolled(long id, String keyid) {}

    /** GET /api/agents/{id}: everything needed to re-verify the agent's runs. */
    public record AgentView(
            long id,
            String name,
            String publicKey,
            String keyid,
            Instant createdAt,
            @Schema(nullable = true) Instant revokedAt) {}
}
