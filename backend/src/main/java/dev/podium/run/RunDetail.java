package dev.podium.run;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.podium.common.Machine;
import dev.podium.payload.CompanionServer;
import dev.podium.read.CellView;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** GET /api/runs/{id}: everything stored about a run, the envelope as a string (schema/read-api.md). */
public record RunDetail(
        UUID id,
        Instant receivedAt,
        Instant startedAt,
        Instant finishedAt,
        int schemaVersion,
        String keyid,
        AgentRef agent,
        Suite suite,
        LoadGenerator loadGenerator,
        Host host,
        Jvm jvm,
        List<CellView> cells,
        String envelope,

        @Schema(nullable = true, description = "the benchmark database the run's db cells ran against")
        CompanionServer database,

        @Schema(nullable = true, description = "the load balancer in front of the run's scale-out cells' instances")
        CompanionServer balancer) {

    /** The agent that signed the run, with its revocation time when revoked. */
    public record AgentRef(
            long id,
            String name,
            String version,
            @Schema(nullable = true) Instant revokedAt) {}

    /** The suite that produced the run. */
    public record Suite(
            String name,
            String version,
            String commit,
            @Schema(nullable = true) String profile) {}

    /** The load generators used. */
    public record LoadGenerator(
            String tool,
            String version,
            @Schema(nullable = true) String openLoopTool,
            @Schema(nullable = true) String openLoopVersion) {}

    /** The benchmark host: its name and the machine it is; settings (its tuning) is null for a v1 run. */
    public record Host(String hostname, @JsonUnwrapped Machine machine) {}

    /** The JVM the targets ran on. */
    public record Jvm(String vendor, String version, int major, String vmName, String gc, List<String> flags) {}
}
