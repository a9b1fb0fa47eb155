package dev.podium.quality;

import java.util.List;
import java.util.Set;

/**
 * The quality flags that make a figure untrustworthy for ranking; rows carrying one are left out of the ranking unless
 * a visitor opts in (read-api.md "Leaderboard", {@code flagged}; the leaderboard's LeaderboardRanking ranks them).
 */
public final class QualityFlags {

    /** In the order the legend explains them. */
    public static final List<String> QUALITY = List.of(
            "generator-saturated",
            "above-baseline",
            "shares-generator-cpus",
            "warmup-not-stable",
            "noisy",
            "high-error-rate");

    public static final Set<String> CHOICES = Set.of("exclude", "include");

    private QualityFlags() {}

    /** The quality flags among a row's flags, in legend order. */
    public static List<String> of(List<String> flags) {
        return QUALITY.stream().filter(flags::contains).toList();
    }
}
