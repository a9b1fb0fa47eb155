package dev.podium.quality;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The one flag policy of every view and API (methodology.md section 10, schema/testdata/rules/flags.json): what each
 * quality flag does to a figure, which rows have no honest place in a ranking (LeaderboardRanking lists those last).
 */
public final class QualityFlags {

    /** What a quality flag does to a figure. */
    public enum Kind {
        /** The figure stands; its interval is already wide (noisy): ranked by that interval, nothing else. */
        INTERVAL,
        /** The figure is a lower bound of the target's: ranked as "at least" its value, never below a figure it exceeds. */
        LOWER_BOUND,
        /**
         * No honest order: the figure counts what it should not (failed requests), or is not at the load it is read at
         * (a cost cell that did not hold its rate); listed unranked, saying why.
         */
        UNRANKED
    }

    /** Each quality flag and what it does, in the order the legend explains them. */
    public static final Map<String, Kind> KINDS = kinds();

    /** In the order the legend explains them. */
    public static final List<String> QUALITY = List.copyOf(KINDS.keySet());

    /** The reason a row measured by a revoked agent is unranked (its key is no longer trusted). */
    public static final String REVOKED = "revoked-agent";

    public static final Set<String> CHOICES = Set.of("exclude", "include");

    private QualityFlags() {}

    private static Map<String, Kind> kinds() {
        Map<String, Kind> kinds = new LinkedHashMap<>();
        kinds.put("generator-saturated", Kind.LOWER_BOUND);
        kinds.put("above-baseline", Kind.LOWER_BOUND);
        kinds.put("shares-generator-cpus", Kind.LOWER_BOUND);
        kinds.put("warmup-not-stable", Kind.LOWER_BOUND);
        // a repeat lost more than 5% of the machine's CPU time to the host (steal) in every try: the target had less
        kinds.put("host-interference", Kind.LOWER_BOUND);
        kinds.put("noisy", Kind.INTERVAL);
        kinds.put("high-error-rate", Kind.UNRANKED);
        // a fixed-rate cost cell below 98% of its offered rate: its cost is not the cost at that rate
        kinds.put("rate-not-held", Kind.UNRANKED);
        return java.util.Collections.unmodifiableMap(kinds);
    }

    /** The quality flags among a row's flags, in legend order. */
    public static List<String> of(List<String> flags) {
        return QUALITY.stream().filter(flags::contains).toList();
    }

    /** True when a flag makes the throughput figure a lower bound of the target's own. */
    public static boolean lowerBound(List<String> flags) {
        return flags.stream().anyMatch(f -> KINDS.get(f) == Kind.LOWER_BOUND);
    }

    /** Why a figure has no honest place in a ranking (its unranked flags, then revoked-agent); empty when it has. */
    public static List<String> unrankedBy(List<String> flags, boolean agentRevoked) {
        List<String> why = new ArrayList<>(QUALITY.stream()
                .filter(f -> KINDS.get(f) == Kind.UNRANKED && flags.contains(f))
                .toList());
        if (agentRevoked) {
            why.add(REVOKED);
        }
        return List.copyOf(why);
    }

    /**
     * Which side the migration calculator refuses to size with ("from", "to"), null when both figures can: a figure
     * with no honest order never; by throughput, a lower-bound "from" neither, since B / A would overstate the gain (a
     * lower-bound "to" only understates it: the ratio is "at least"). By CPU the cost of a request is measured whatever
     * set the load, so bounds do not apply. {@code includeFlagged} (flagged=include) takes the figures as measured.
     */
    public static String calculatorRefuses(
            List<String> from,
            boolean fromRevoked,
            List<String> to,
            boolean toRevoked,
            String by,
            boolean includeFlagged) {
        if (includeFlagged) {
            return null;
        }
        if (!unrankedBy(from, fromRevoked).isEmpty() || (!by.equals("cpu") && lowerBound(from))) {
            return "from";
        }
        return unrankedBy(to, toRevoked).isEmpty() ? null : "to";
    }

    /** Whether the calculator's ratio (B / A) is a lower bound: by throughput, when B's figure is one. */
    public static boolean ratioAtLeast(List<String> to, String by, boolean includeFlagged) {
        return !includeFlagged && !by.equals("cpu") && lowerBound(to);
    }

    /**
     * What compare may claim of B / A = {@code ratio}: "faster" (the faster one is faster by that ratio), "at-least"
     * (the faster one's figure is a lower bound: at least that much faster) or "none" (not significant, a side without
     * an honest order, or the slower side's figure a lower bound: it may be as fast).
     */
    public static String claim(
            List<String> a, boolean aRevoked, List<String> b, boolean bRevoked, double ratio, boolean significant) {
        if (!significant
                || !unrankedBy(a, aRevoked).isEmpty()
                || !unrankedBy(b, bRevoked).isEmpty()) {
            return "none";
        }
        List<String> faster = ratio >= 1 ? b : a;
        List<String> slower = ratio >= 1 ? a : b;
        if (lowerBound(slower)) {
            return "none";
        }
        return lowerBound(faster) ? "at-least" : "faster";
    }
}
