package dev.podium.stats;

/** The figures of one repeat that the cell statistics are derived from (methodology section 4). */
public record RepeatFigures(long requests, double requestsPerSecond, double p50Ms, double p90Ms, double p99Ms, long errors) {
}
