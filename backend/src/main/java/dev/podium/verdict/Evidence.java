package dev.podium.verdict;

import dev.podium.stats.StudentT;
import java.util.Map;
import java.util.UUID;

/**
 * One side of a comparison, as the comparison engine needs it (methodology section 10): a positive figure, the standard
 * error of its logarithm with its degrees of freedom, and what that spread counts.
 *
 * <p>{@code spansHost}: the spread already counts how the host drifts over a run, because the figure's units were
 * measured in interleaved rounds or in several runs (a board segment); otherwise the engine adds the drift an unpaired
 * comparison meets ({@link Comparisons#HOST_DRIFT}). {@code atLeast}: the figure is a lower bound (a saturated
 * generator, above the baseline...), so it may be faster than measured and is never decided slower. {@code runId} and
 * {@code rounds} (round -> that JVM start's figure; empty when the run was not measured in rounds): two sides of one
 * run measured in rounds are paired by round.
 *
 * @param logSe NaN when the figure has no spread to scale by (one repeat)
 */
public record Evidence(
        double figure,
        double logSe,
        double df,
        boolean spansHost,
        boolean atLeast,
        UUID runId,
        Map<Integer, Double> rounds) {

    public Evidence {
        if (!(figure > 0)) {
            throw new IllegalArgumentException("a compared figure must be positive, got " + figure);
        }
        rounds = rounds == null ? Map.of() : Map.copyOf(rounds);
    }

    /**
     * A stored figure with its stored 95% interval (positive, around the figure on the log scale: stats.PositiveInterval) over {@code df} degrees of freedom; no interval (null bounds): no spread.
     */
    public static Evidence ofInterval(
            double figure, Double ciLow, Double ciHigh, int df, boolean spansHost, boolean atLeast, UUID runId) {
        double logSe = Double.NaN;
        if (ciLow != null && ciHigh != null && ciLow > 0 && ciHigh >= ciLow && df >= 1) {
            logSe = Math.log(ciHigh / ciLow) / 2 / StudentT.quantile(df);
        }
        return new Evidence(figure, logSe, Math.max(df, 1), spansHost, atLeast, runId, Map.of());
    }

    /** The same evidence of a figure where lower is better (memory per request): ranked by its inverse. */
    public Evidence inverted() {
        return new Evidence(1 / figure, logSe, df, spansHost, false, runId, invert(rounds));
    }

    /** The same evidence paired by round: {@code rounds} maps each round to that start's figure. */
    public Evidence inRounds(Map<Integer, Double> byRound) {
        return new Evidence(figure, logSe, df, spansHost || byRound.size() > 1, atLeast, runId, byRound);
    }

    boolean hasSpread() {
        return !Double.isNaN(logSe);
    }

    private static Map<Integer, Double> invert(Map<Integer, Double> byRound) {
        java.util.Map<Integer, Double> out = new java.util.HashMap<>();
        byRound.forEach((r, v) -> out.put(r, 1 / v));
        return out;
    }
}
