package dev.podium.gc;

import dev.podium.stats.Estimate;
import jakarta.persistence.AttributeOverride;
import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Allocation and garbage collection of a JVM cell over its repeats that carry them (payload v2 usage, read by the
 * agent's gcstats; methodology section 6), derived once at ingest and stored with the cell (V19__gc.sql). Null for a
 * cell without them: nginx, v1 runs, v2 runs measured before the agent read them.
 */
@Embeddable
@Schema(description = "allocation and GC of a JVM cell over its repeats (methodology section 6)")
public record GcStats(
        @AttributeOverride(name = "mean", column = @Column(name = "allocated_bytes_per_request"))
        @AttributeOverride(name = "ciLow", column = @Column(name = "allocated_bytes_per_request_ci_low"))
        @AttributeOverride(name = "ciHigh", column = @Column(name = "allocated_bytes_per_request_ci_high"))
        @AttributeOverride(name = "repeats", column = @Column(name = "allocated_bytes_per_request_repeats"))
        @Schema(
                description = "bytes allocated on the heap per request: the mean per repeat and its 95% t interval"
                        + " over the cell's repeats (its JVM starts taken as one sample, as every Estimate)")
        Estimate allocatedBytesPerRequest,

        @Schema(description = "garbage-collection pauses per repeat, mean")
        Double gcCount,

        @Schema(description = "time in those pauses per repeat, seconds, mean")
        Double gcSeconds,

        @Schema(
                nullable = true,
                description = "the GC threads' CPU time over the target's CPU time, mean per repeat over the repeats"
                        + " that carry it; null when none does (a JDK before 22 lacks the counter: the cell is flagged"
                        + " jdk-lacks-counters)")
        Double gcCpuShare,

        @Schema(description = "the longest GC pause of every repeat, ms")
        Double gcPauseMaxMs) {

    /** One repeat's figures, all present but gcCpuShare (null on a JDK before 22). */
    public record Repeat(
            double allocatedBytesPerRequest, long gcCount, double gcSeconds, Double gcCpuShare, double gcPauseMaxMs) {}

    /** The figures over the repeats; null when there is none. */
    public static GcStats of(List<Repeat> repeats) {
        if (repeats.isEmpty()) {
            return null;
        }
        double count = 0;
        double seconds = 0;
        double share = 0;
        int shares = 0;
        double pause = 0;
        for (Repeat r : repeats) {
            count += r.gcCount();
            seconds += r.gcSeconds();
            if (r.gcCpuShare() != null) {
                share += r.gcCpuShare();
                shares++;
            }
            pause = Math.max(pause, r.gcPauseMaxMs());
        }
        int n = repeats.size();
        return new GcStats(
                Estimate.of(repeats.stream()
                        .mapToDouble(Repeat::allocatedBytesPerRequest)
                        .toArray()),
                count / n,
                seconds / n,
                shares == 0 ? null : share / shares,
                pause);
    }
}
