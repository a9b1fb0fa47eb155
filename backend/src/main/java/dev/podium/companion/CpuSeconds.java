package dev.podium.companion;

import com.fasterxml.jackson.databind.JsonNode;
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
    public static CpuSeconds ofRepeats(JsonNode repeats) {
        Double target = null;
        Double database = null;
        Double balancer = null;
        for (JsonNode r : repeats) {
            JsonNode u = r.get("usage");
            if (u == null || !u.isObject()) {
                continue;
            }
            target = sum(target, u, "targetCpuUserSeconds", "targetCpuSystemSeconds");
            database = sum(database, u, "databaseCpuUserSeconds", "databaseCpuSystemSeconds");
            balancer = sum(balancer, u, "balancerCpuUserSeconds", "balancerCpuSystemSeconds");
        }
        return target == null ? null : new CpuSeconds(target, database, balancer);
    }

    /** The sums from their stored columns; null when target is. */
    public static CpuSeconds stored(Double target, Double database, Double balancer) {
        return target == null ? null : new CpuSeconds(target, database, balancer);
    }

    /** total + the repeat's user + system seconds when the repeat has either; total unchanged when it has neither. */
    private static Double sum(Double total, JsonNode usage, String user, String system) {
        if (!usage.hasNonNull(user) && !usage.hasNonNull(system)) {
            return total;
        }
        return (total == null ? 0 : total)
                + usage.path(user).asDouble(0)
                + usage.path(system).asDouble(0);
    }

    /** The repeat's seconds of one usage field, null when it has none. */
    public static Double field(JsonNode repeat, String name) {
        JsonNode v = repeat.path("usage").get(name);
        return v == null || v.isNull() ? null : v.doubleValue();
    }
}
