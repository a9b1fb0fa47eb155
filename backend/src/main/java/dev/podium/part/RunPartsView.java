package dev.podium.part;

import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * GET /api/runs/{id}/parts: a run kept target by target, as one run (schema/read-api.md): its parts, the targets
 * planned, done, failed and not measured, and whether it is complete or was interrupted. A whole run (no parts) is
 * complete, with no parts and no plan.
 */
public record RunPartsView(
        @Schema(description = "the run's id: part.runId of its parts, or the run's own id for a whole run")
        UUID runId,

        @Schema(description = "whether the run came in parts")
        boolean inParts,

        @Schema(
                description = "complete: every planned target is done or failed; interrupted: some were not measured"
                        + " (the run stopped, or its last parts have not arrived yet)",
                enumeration = {"complete", "interrupted"})
        String status,

        List<PartEntry> parts,
        List<PartTarget> planned,
        List<PartTarget> done,
        List<PartTarget> failed,
        List<PartTarget> notMeasured) {

    /** One stored part: its own run id (GET /api/runs/{id} shows its cells), its index and what it completes. */
    public record PartEntry(
            UUID id, int index, Instant receivedAt, Instant finishedAt, long cellCount, List<PartTarget> targets) {}

    /** A target on a vCPU count in a topology; reason is why it failed (failed targets only). */
    public record PartTarget(
            String target,
            int vcpus,
            String topology,

            @Schema(
                    nullable = true,
                    enumeration = {"done", "failed"})
            String status,

            @Schema(nullable = true) String reason) {}
}
