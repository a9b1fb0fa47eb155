package dev.podium.verdict;

import java.util.List;

/**
 * The comparison engine (methodology section 10): the only place a view gets a verdict on two figures. A pair alone is
 * judged at 95%; a board's pairs all at once by {@link BoardVerdicts}, which holds the false discovery rate of the whole
 * board.
 */
public final class Comparisons {

    /** The error rate a board holds: the false discovery rate of its decided pairs (Benjamini-Hochberg). */
    public static final double ALPHA = 0.05;

    /**
     * How far, as a coefficient of variation, the host moves a figure between the stretches of a run or between runs
     * (methodology section 7: -9.9% to +6.7% between two runs of the same targets on the 2-core VM, 4.5% to 11.2% on
     * others). The spread of one JVM start after another of one target does not see it, so an unpaired comparison adds
     * it to each side whose spread does not span the host (paired rounds, or a segment of several runs, do).
     */
    public static final double HOST_DRIFT = 0.10;

    /**
     * The degrees of freedom of {@link #HOST_DRIFT}: an estimate from about a dozen targets measured in two runs, not a
     * known constant. Counted as known (infinite), simulated equal boards decided some pair 5.3% of the time.
     */
    public static final double DRIFT_DF = 10;

    private Comparisons() {}

    /** A against B alone, at 95%: a board of the two (one pair, so its common level is 95%). */
    public static Verdict pair(Evidence a, Evidence b) {
        return board(List.of(a, b)).between(0, 1);
    }

    /** Every pair of {@code rows} at once (any order), holding the board's error rate. */
    public static BoardVerdicts board(List<Evidence> rows) {
        return BoardVerdicts.of(rows, ALPHA, HOST_DRIFT);
    }

    /** A verdict of a family of pairs with the pair's own two-sided p value (before the family's correction). */
    public record Judged(Verdict verdict, double pValue) {}

    /**
     * Pairs judged as one family at the false discovery rate {@code alpha} (Benjamini-Hochberg gated by Bonferroni, as
     * a board's pairs are), not ordered as a board: the cells two runs share, say. {@code pairs}: [b, a], b against a.
     */
    public static List<Judged> family(List<Evidence[]> pairs, double alpha) {
        List<PairTest> tests = pairs.stream()
                .map(pair -> PairTest.of(pair[0], pair[1], HOST_DRIFT))
                .toList();
        double[] p = tests.stream().mapToDouble(PairTest::pValue).toArray();
        FalseDiscovery family = FalseDiscovery.of(p, alpha);
        List<Judged> out = new java.util.ArrayList<>(p.length);
        for (int k = 0; k < p.length; k++) {
            out.add(new Judged(verdict(tests.get(k), family.confidence(), family.decides(p[k]), false), p[k]));
        }
        return out;
    }

    static Verdict verdict(PairTest t, double confidence, boolean decided, boolean implied) {
        Double[] interval = t.interval(confidence);
        Outcome outcome = !decided ? Outcome.CANNOT_TELL : t.logRatio() > 0 ? Outcome.FASTER : Outcome.SLOWER;
        return new Verdict(
                Math.exp(t.logRatio()), interval[0], interval[1], confidence, outcome.word(), t.paired(), implied);
    }
}
