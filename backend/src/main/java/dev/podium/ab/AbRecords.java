package dev.podium.ab;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** What the A/B endpoints answer. */
public final class AbRecords {

    private AbRecords() {}

    /** One stored comparison: who sent it, on what host class, the report as signed, and the envelope as received. */
    public record AbComparison(
            UUID id,
            Instant receivedAt,

            @Schema(description = "the enrolled agent whose key signed it")
            long agentId,

            String agentName,
            String keyid,

            @Schema(description = "when the agent's key was revoked; null while it is not")
            Instant revokedAt,

            @Schema(description = "\"<cpuModel> · <vcpus> vCPU · <memory GiB> GiB\", as a run's")
            String hostClass,

            @Schema(
                    description = "the comparison as the agent signed it (schema/ab.v1.schema.json): target,"
                            + " framework, host, both variants, rounds, and per cell and figure B/A with its 95%"
                            + " interval, the verdict, the detectable change and each round's pair")
            JsonNode report,

            @Schema(description = "the DSSE envelope exactly as received, to verify with the agent's public key")
            String envelope) {}

    /** A comparison in a list: what it compared and when, without its cells. */
    public record AbSummary(
            UUID id,
            Instant receivedAt,

            @Schema(description = "when the measurement ended (the report's finishedAt)")
            Instant finishedAt,

            String target,
            String framework,
            String frameworkVersion,
            @Schema(description = "variant A in words") String a,
            @Schema(description = "variant B in words") String b,
            int rounds,
            String hostClass) {}

    /** The newest comparisons first, at most {@code limit}. */
    public record AbPage(List<AbSummary> items, int limit) {}
}
