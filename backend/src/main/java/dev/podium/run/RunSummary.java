package dev.podium.run;

import java.time.Instant;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A row of GET /api/runs (schema/read-api.md). */
public record RunSummary(
        UUID id,
        Instant receivedAt,
        Instant startedAt,
        Instant finishedAt,
        String hostClass,
        String hostname,
        String cpuModel,
        int vcpus,
        String jvmVendor,
        String jvmVersion,
        String suiteVersion,
        long agentId,
        String agentName,
        String keyid,
        @Schema(nullable = true) Instant revokedAt,
        long cellCount) {}
