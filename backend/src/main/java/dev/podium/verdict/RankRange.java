package dev.podium.verdict;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Where the comparison engine places a row among the rows judged with it (methodology section 10): from rank, 1 + the
 * rows decided faster, to rankHigh, N - the rows decided slower; tied when that is a range. A row that shows one (the
 * leaderboard's, the composite's, the framework page's) carries it {@code @JsonUnwrapped}: its JSON has these fields.
 */
public record RankRange(
        @Schema(
                nullable = true,
                description = "the best rank the comparison engine allows it (methodology section 10): 1 + the rows"
                        + " decided faster than it; null: not ranked, no honest order exists for it (a leaderboard"
                        + " row's excludedBy says why)")
        Integer rank,

        @Schema(
                nullable = true,
                description = "the worst rank the comparison engine allows it: N - the rows decided slower than it;"
                        + " equal to rank when its place is decided; null when not ranked")
        Integer rankHigh,

        @Schema(
                description = "true when the rank is a range (rankHigh > rank): some row above or below it cannot be"
                        + " told apart from it")
        boolean tied) {

    /** A row without a place: no honest order exists for it. */
    public static final RankRange UNRANKED = new RankRange(null, null, false);

    /** The range from {@code low} to {@code high}, tied when they differ. */
    public static RankRange of(int low, int high) {
        return new RankRange(low, high, high > low);
    }

    /** Whether the row has a place at all. */
    public boolean ranked() {
        return rank != null;
    }

    /** The range as the site and the badges write it: "3" when decided, "2-5" when not. */
    public String label() {
        return tied ? rank + "-" + rankHigh : String.valueOf(rank);
    }
}
