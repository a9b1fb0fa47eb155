package dev.podium.companion;

import dev.podium.payload.RepeatPayload;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * CPU seconds, user + system, over all the repeats of a cell: the target's (all its instances for a scale-out cell), and
 * the benchmark database's and the balancer's where the agent measured them.
 */
public record CpuSeconds(
        double target,

        @Schema(nullable = true, description = "db scenarios: the benchmark database's")
        Double database,

        @Schema(nullable = true, description = "scale-out cells: the balancer's")
        Double balancer) {

    /** The sums over a payload cell's repeats[]; null when no repeat has usage (v1). */
    public static CpuSeconds ofRepeats(List<RepeatPayload> repeats) {
        Double target = null;
        Double database = null;
        Double balancer = null;
        for (RepeatPayload r : repeats) {
            RepeatPayload.Usage u = r.usage();
            if (u == null) {
                continue;
            }
            target = sum(target, u.targetCpuUserSeconds(), u.targetCpuSystemSeconds());
            database = sum(database, u.databaseCpuUserSeconds(), u.databaseCpuSystemSeconds());
            balancer = sum(balancer, u.balancerCpuUserSeconds(), u.balancerCpuSystemSeconds());
        }
        return target == null ? null : new CpuSeconds(target, database, balancer);
    }

    /** The sums from their stored columns; null when target is. */
    public static CpuSeconds stored(Double target, Double database, Double balancer) {
        return target == null ? null : new CpuSeconds(target, database, balancer);
    }

    /** total + the repeat's user + system seconds when the repeat has either; total unchanged when it has neither. */
    private static Double sum(Double total, Double user, Double system) {
        if (user == null && system == null) {
            return total;
        }
        return (total == null ? 0 : total) + (user == null ? 0 : user) + (system == null ? 0 : system);
    }
}
