package dev.podium.rounds;

import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * One JVM start of a cell measured in interleaved rounds (the payload's results[].starts[], table cell_starts), with
 * its own figure: the trimmed mean of that start's repeats' requests/s, computed at ingest.
 */
@Schema(description = "one JVM start of a cell measured in interleaved rounds (schema/README.md, \"rounds\")")
public record JvmStart(
        @Schema(description = "the JVM start of the cell, as its repeats' fork numbers it (from 0)")
        int fork,

        @Schema(
                description = "the run's round this start was made in: the cells of one run with the same round met"
                        + " the same stretch of the host, so they can be compared paired by round")
        int round,

        @Schema(description = "the start's position within its round, 0 first")
        int order,

        @Schema(description = "when the target's JVM of this start was started")
        Instant startedAt,

        @Schema(
                description = "the start's own figure: the trimmed mean of its repeats' requests/s (methodology"
                        + " section 4)")
        double figure) {}
