package dev.podium.snapshot;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.podium.common.Machine;
import dev.podium.leaderboard.LeaderboardResponse;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** GET /api/snapshots/{slug}: a board frozen once and served as the same bytes ever after (read-api.md "Snapshots"). */
@Schema(name = "Snapshot")
public record SnapshotDocument(
        String slug,
        String title,
        OffsetDateTime frozenAt,

        @Schema(description = "every run the boards were computed from, sorted")
        List<UUID> runs,

        @Schema(description = "every distinct host configuration the runs ran on")
        List<Host> hosts,

        @Schema(description = "one leaderboard per scenario, load model, host class and vCPU count")
        List<Board> boards) {

    /** One host configuration in full: a host class with the kernel, OS and tuning of the runs that share them. */
    @Schema(name = "SnapshotHost")
    public record Host(@JsonUnwrapped Machine machine, List<UUID> runs) {}

    /** The leaderboard of one comparable group, as GET /api/leaderboard answered it when the snapshot was frozen. */
    @Schema(name = "SnapshotBoard")
    public record Board(
            String scenario,
            String loadModel,
            String hostClass,
            int vcpus,
            double sla,
            @Schema(nullable = true) LeaderboardResponse.Baseline baseline,
            List<LeaderboardResponse.Row> rows) {}

    /** An entry of GET /api/snapshots. */
    @Schema(name = "SnapshotSummary")
    public record Summary(
            String slug,
            String title,
            OffsetDateTime frozenAt,
            int runCount,
            List<String> hostClasses,
            Download json,
            Download csv) {}

    /** A download of a snapshot and the SHA-256 of its bytes. */
    @Schema(name = "SnapshotDownload")
    public record Download(String url, String fileName, String sha256, long bytes) {}

    /** What an admin posts to freeze a snapshot. */
    @Schema(name = "SnapshotRequest")
    public record Request(
            @Schema(
                    description = "the permanent name in the URL: lowercase letters, digits and inner hyphens, 1-64",
                    example = "2026-round-1")
            String slug,

            @Schema(description = "1-200 characters", example = "Round 1 (November 2026)")
            String title) {}
}
