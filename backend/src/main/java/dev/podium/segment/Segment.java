package dev.podium.segment;

import java.time.OffsetDateTime;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The runs a board cell's figure is pooled from: its series' current segment, up to the cell's run. */
@Schema(name = "BoardSegment")
public record Segment(
        @Schema(description = "the cell of the newest run whose figure was replaced by the segment's")
        long cellId,

        @Schema(description = "runs pooled") int runs,

        @Schema(
                description = "repeats pooled; the runs are the units: the figure is the mean of each run's trimmed"
                        + " mean, the interval the 95% t interval over the runs' means (never narrower than the"
                        + " repeats' own)")
        int repeats,

        @Schema(description = "the first run of the segment")
        UUID fromRunId,

        OffsetDateTime fromStartedAt,
        @Schema(description = "the last run pooled") UUID toRunId,

        @Schema(description = "newer runs left out: they follow a change point not yet confirmed by enough runs")
        int unconfirmedRuns) {}
