package dev.podium.verdict;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The comparison engine's answer for a figure A against a figure B: the ratio A / B, its interval at {@code confidence}
 * (positive: taken on the log scale), and the verdict. On a board the confidence is the board's common level, which
 * holds the false discovery rate of all its pairs at 5% (methodology section 10); for a pair alone it is 95%.
 */
@Schema(name = "Verdict")
public record Verdict(
        @Schema(description = "the figure of a over that of b")
        double ratio,

        @Schema(nullable = true, description = "the interval's low end, above 0; null: no spread to scale by")
        Double low,

        @Schema(nullable = true, description = "the interval's high end; null: no spread, or a is a lower bound")
        Double high,

        @Schema(
                description =
                        "the confidence of the interval: 0.95 for a pair alone, the board's common level on a board")
        double confidence,

        @Schema(
                enumeration = {"faster", "slower", "cannot-tell"},
                description = "a against b")
        String outcome,

        @Schema(description = "paired by round: both sides come from one run measured in interleaved rounds")
        boolean paired,

        @Schema(
                description = "decided through a third figure (a is decided faster than c, and c than b), not by the"
                        + " pair's own interval")
        boolean implied) {

    /** The outcome as the enum. */
    public Outcome verdict() {
        return switch (outcome) {
            case "faster" -> Outcome.FASTER;
            case "slower" -> Outcome.SLOWER;
            default -> Outcome.CANNOT_TELL;
        };
    }

    /** The same comparison seen from b: the ratio and interval inverted, the verdict reversed. */
    public Verdict reversed() {
        return new Verdict(
                1 / ratio,
                high == null ? null : 1 / high,
                low == null ? null : 1 / low,
                confidence,
                verdict().reversed().word(),
                paired,
                implied);
    }

    public boolean decided() {
        return verdict() != Outcome.CANNOT_TELL;
    }
}
