package dev.podium.quality;

import dev.podium.leaderboard.LeaderboardRanking;
import dev.podium.leaderboard.LeaderboardResponse.Row;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The quality flags that make a figure untrustworthy for ranking, and the ranking that leaves flagged rows out unless
 * a visitor opts in (read-api.md "Leaderboard", {@code flagged}).
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

    /**
     * include: every row ranked as {@link LeaderboardRanking#rank} does. exclude: only rows without a quality flag
     * are ranked; the flagged ones follow, in the same order among themselves, with no rank and the flags that kept
     * them out in excludedBy.
     */
    public static List<Row> rank(List<Row> rows, String by, boolean includeFlagged) {
        if (includeFlagged) {
            return LeaderboardRanking.rank(rows, by);
        }
        List<Row> clean = new ArrayList<>();
        List<Row> flagged = new ArrayList<>();
        for (Row r : rows) {
            (of(r.flags()).isEmpty() ? clean : flagged).add(r);
        }
        List<Row> result = new ArrayList<>(LeaderboardRanking.rank(clean, by));
        for (Row r : LeaderboardRanking.rank(flagged, by)) {
            result.add(r.ranked(null, false, null, of(r.flags())));
        }
        return result;
    }
}
