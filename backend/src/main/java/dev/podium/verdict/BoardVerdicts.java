package dev.podium.verdict;

import java.util.ArrayList;
import java.util.List;

/**
 * Every pair of a board judged at once, and each row's rank range (methodology section 10).
 *
 * <p>The pairs are one {@link FalseDiscovery} family: on a board of equal figures it decides some pair at most alpha
 * of the time. Decisions then close under
 * transitivity (a decided faster than c and c than b: a is faster than b, the pair marked implied, its interval's low
 * end at least the product along the chain), so the verdicts order the board without a cycle or a gap.
 *
 * <p>A row's rank range runs from 1 + the rows decided faster than it to N - the rows decided slower. With the
 * decisions closed under transitivity, two rows decided apart never show the same range (the slower one's starts and
 * ends after the faster one's), and the ranges of two rows not told apart always overlap: the ranges say what the
 * verdicts say. A row with a wide interval may show a range that starts before that of a row above it: it may be as
 * fast.
 */
public final class BoardVerdicts {

    private final int n;
    private final Verdict[][] verdicts;
    private final int[] rankLow;
    private final int[] rankHigh;
    private final double confidence;
    private final int decided;

    private BoardVerdicts(Verdict[][] verdicts, int[] low, int[] high, double confidence, int decided) {
        this.n = low.length;
        this.verdicts = verdicts;
        this.rankLow = low;
        this.rankHigh = high;
        this.confidence = confidence;
        this.decided = decided;
    }

    static BoardVerdicts of(List<Evidence> rows, double alpha, double hostDrift) {
        int n = rows.size();
        RoundsModel rounds = RoundsModel.of(rows);
        List<int[]> pairs = new ArrayList<>();
        List<PairTest> tests = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                PairTest pooled = rounds.test(i, j, rows);
                tests.add(pooled != null ? pooled : PairTest.of(rows.get(i), rows.get(j), hostDrift));
                pairs.add(new int[] {i, j});
            }
        }
        double[] p = tests.stream().mapToDouble(PairTest::pValue).toArray();
        FalseDiscovery family = FalseDiscovery.of(p, alpha);
        Verdict[][] v = new Verdict[n][n];
        boolean[][] faster = new boolean[n][n];
        double[][] lowLog = new double[n][n];
        for (int k = 0; k < p.length; k++) {
            int i = pairs.get(k)[0];
            int j = pairs.get(k)[1];
            boolean isDecided = family.decides(p[k]);
            Verdict verdict = Comparisons.verdict(tests.get(k), family.confidence(), isDecided, false);
            v[i][j] = verdict;
            v[j][i] = verdict.reversed();
            if (isDecided) {
                int hi = verdict.verdict() == Outcome.FASTER ? i : j;
                int lo = hi == i ? j : i;
                faster[hi][lo] = true;
                lowLog[hi][lo] = Math.log(v[hi][lo].low() == null ? 1 : v[hi][lo].low());
            }
        }
        close(v, faster, lowLog);
        int count = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                count += faster[i][j] || faster[j][i] ? 1 : 0;
            }
        }
        int[][] ranks = ranks(rows, faster);
        return new BoardVerdicts(v, ranks[0], ranks[1], family.confidence(), count);
    }

    /** Transitive closure of the decided pairs (Floyd-Warshall; the decisions follow the figures, so no cycle). */
    private static void close(Verdict[][] v, boolean[][] faster, double[][] lowLog) {
        int n = faster.length;
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < n; i++) {
                if (!faster[i][k]) {
                    continue;
                }
                for (int j = 0; j < n; j++) {
                    if (faster[k][j] && i != j) {
                        double chain = lowLog[i][k] + lowLog[k][j];
                        if (!faster[i][j]) {
                            faster[i][j] = true;
                            lowLog[i][j] = chain;
                            Verdict own = v[i][j];
                            double low = Math.max(Math.exp(chain), own.low() == null ? 0 : own.low());
                            Double high = own.high() == null ? null : Math.max(own.high(), low);
                            Verdict implied = new Verdict(
                                    own.ratio(),
                                    low,
                                    high,
                                    own.confidence(),
                                    Outcome.FASTER.word(),
                                    own.paired(),
                                    true);
                            v[i][j] = implied;
                            v[j][i] = implied.reversed();
                        } else if (chain > lowLog[i][j]) {
                            lowLog[i][j] = chain;
                        }
                    }
                }
            }
        }
    }

    /** [rankLow, rankHigh] per row, in the rows' own order. */
    private static int[][] ranks(List<Evidence> rows, boolean[][] faster) {
        int n = rows.size();
        int[] low = new int[n];
        int[] high = new int[n];
        for (int i = 0; i < n; i++) {
            int above = 0;
            int below = 0;
            for (int j = 0; j < n; j++) {
                above += faster[j][i] ? 1 : 0;
                below += faster[i][j] ? 1 : 0;
            }
            low[i] = 1 + above;
            high[i] = n - below;
        }
        return new int[][] {low, high};
    }

    public int size() {
        return n;
    }

    /** Row i against row j (i != j). */
    public Verdict between(int i, int j) {
        if (i == j) {
            throw new IllegalArgumentException("a row is not compared with itself");
        }
        return verdicts[i][j];
    }

    /** The best rank row i can have: 1 + the rows decided faster than it. */
    public int rankLow(int i) {
        return rankLow[i];
    }

    /** The worst rank row i can have: N - the rows decided slower than it. */
    public int rankHigh(int i) {
        return rankHigh[i];
    }

    /** Row i's place: from {@link #rankLow(int)} to {@link #rankHigh(int)}. */
    public RankRange range(int i) {
        return RankRange.of(rankLow[i], rankHigh[i]);
    }

    /** The common confidence of the board's intervals. */
    public double confidence() {
        return confidence;
    }

    /** How many pairs are decided, transitively implied ones included. */
    public int decidedPairs() {
        return decided;
    }

    /** How many pairs the board has. */
    public int pairs() {
        return n * (n - 1) / 2;
    }
}
