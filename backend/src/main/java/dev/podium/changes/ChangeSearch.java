package dev.podium.changes;

import java.util.ArrayList;
import java.util.List;

/**
 * The change points of one series of run figures, as the service finds them: an ensemble of E-Divisive (windowed, as
 * Otava) and binary segmentation (whole series), both testing each candidate with Student's t on the run figures
 * either side ({@link RunsTTest}), the effect floor and the minimum segment; a point is kept where both find it (within
 * 2 runs), at E-Divisive's position, and the kept points are merged again (re-tested between their new neighbours).
 * Chosen by measurement: on the TCPD development series this scored a higher F1 than either alone (docs/methodology.md
 * section 11). Pure: the scorer (backend/bench/ChangeScore.java) and the tests call the same code as
 * {@link ChangeDetector}.
 */
public final class ChangeSearch {

    /** How candidates are found (the scorer compares them; the service uses {@link #SERVICE}). */
    public enum Method {
        EDIVISIVE,
        BINSEG,
        /** E-Divisive's points that binary segmentation also finds within 2 runs, then merged again. */
        BOTH,
        /** Either's points, merged again. */
        EITHER
    }

    public static final Method SERVICE = Method.BOTH;

    /** Runs between an E-Divisive point and a binary segmentation one that still make them the same change. */
    static final int AGREEMENT = 2;

    private ChangeSearch() {}

    /** figures[i]: the i-th run's figure, oldest first; repeats.get(i), or null: its repeats. */
    public static List<EDivisive.ChangePoint> find(double[] figures, List<double[]> repeats, EDivisive.Settings s) {
        return find(figures, repeats, s, SERVICE);
    }

    public static List<EDivisive.ChangePoint> find(
            double[] figures, List<double[]> repeats, EDivisive.Settings s, Method method) {
        if (figures.length < 2) {
            return List.of();
        }
        RunsTTest tester = new RunsTTest(figures, repeats);
        return switch (method) {
            case EDIVISIVE -> EDivisive.changePoints(figures, s, tester);
            case BINSEG -> BinarySegmentation.changePoints(figures, s, tester);
            case BOTH, EITHER -> {
                List<EDivisive.ChangePoint> e = EDivisive.changePoints(figures, s, tester);
                List<EDivisive.ChangePoint> b = BinarySegmentation.changePoints(figures, s, tester);
                List<Integer> kept = new ArrayList<>();
                for (EDivisive.ChangePoint p : e) {
                    boolean confirmed = b.stream().anyMatch(q -> Math.abs(q.index() - p.index()) <= AGREEMENT);
                    if (confirmed || method == Method.EITHER) {
                        kept.add(p.index());
                    }
                }
                if (method == Method.EITHER) {
                    for (EDivisive.ChangePoint q : b) {
                        if (kept.stream().noneMatch(i -> Math.abs(i - q.index()) <= AGREEMENT)) {
                            kept.add(q.index());
                        }
                    }
                }
                yield EDivisive.merge(EDivisive.tested(kept, tester, figures.length), s, tester, figures.length);
            }
        };
    }
}
