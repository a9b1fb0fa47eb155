package dev.podium.stats;

/**
 * The figures of one repeat that the cell statistics are derived from (methodology section 4); {@code cpuSeconds}
 * (target user + system) and {@code rssMeanBytes} are null for a payload v1 repeat, which carries no usage.
 * {@code errors} counts every failed request, {@code unanswered} those of them that are not among {@code requests}
 * (connect, read and write errors; schema/README.md, the error rate). {@code fork} is the JVM start that measured it, from 0.
 */
public record RepeatFigures(
        long requests,
        double requestsPerSecond,
        double p50Ms,
        double p90Ms,
        double p99Ms,
        long errors,
        long unanswered,
        Double cpuSeconds,
        Double rssMeanBytes,
        int fork) {

    /** A repeat without usage (payload v1) whose errors were all answered (status or timeout). */
    public RepeatFigures(
            long requests, double requestsPerSecond, double p50Ms, double p90Ms, double p99Ms, long errors) {
        this(requests, requestsPerSecond, p50Ms, p90Ms, p99Ms, errors, 0, null, null, 0);
    }
}
