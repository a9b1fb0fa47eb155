package dev.podium.warmup;

import dev.podium.stats.CellStatistics;
import java.util.List;

/**
 * Time to peak (docs/methodology.md, "Time to peak"): how long a target took, from the first request of a cell's
 * warm-up, to serve 95% of the cell's steady state, the trimmed mean of its measured repeats' requests/s (the board's
 * throughput figure). For each JVM start: the warm-up windows' and then the repeats' wall times added up in the
 * order measured, to the end of the first one whose throughput reached 95% of the steady state; the cell's figure is
 * the mean over its starts that reached it.
 */
public final class TimeToPeak {

    /** The share of the steady state that counts as at peak. */
    public static final double SHARE = 0.95;

    private TimeToPeak() {}

    /** One measured repeat: its start, its wall time (null for a v1 repeat) and its throughput. */
    public record Measured(int fork, Double wallSeconds, double requestsPerSecond) {}

    /**
     * The cell's time to peak in seconds (to the millisecond), or null: no window kept, an open-loop cell (its
     * throughput is the offered rate), a warm-up that was only a check of a start already steady, or no start reached
     * 95% of the steady state.
     */
    public static Double seconds(
            List<WarmupWindow> windows,
            String warmup,
            String loadModel,
            List<Measured> repeats,
            double durationSeconds) {
        if (windows.isEmpty() || repeats.isEmpty() || "open".equals(loadModel) || "check".equals(warmup)) {
            return null;
        }
        double steady = CellStatistics.trimmedMean(
                repeats.stream().mapToDouble(Measured::requestsPerSecond).toArray());
        if (steady <= 0) {
            return null;
        }
        double peak = SHARE * steady;
        int starts = 1;
        for (WarmupWindow w : windows) {
            starts = Math.max(starts, w.fork() + 1);
        }
        double sum = 0;
        int reached = 0;
        for (int start = 0; start < starts; start++) {
            Double t = ofStart(start, windows, repeats, peak, durationSeconds);
            if (t != null) {
                sum += t;
                reached++;
            }
        }
        return reached == 0 ? null : Math.round(sum / reached * 1000) / 1000.0;
    }

    private static Double ofStart(
            int start, List<WarmupWindow> windows, List<Measured> repeats, double peak, double durationSeconds) {
        double elapsed = 0;
        boolean any = false;
        for (WarmupWindow w : windows) {
            if (w.fork() == start) {
                any = true;
                elapsed += w.seconds();
                if (w.requestsPerSecond() >= peak) {
                    return elapsed;
                }
            }
        }
        if (!any) {
            return null; // a start without a warm-up kept: nothing to time from
        }
        for (Measured r : repeats) {
            if (r.fork() == start) {
                elapsed += r.wallSeconds() == null ? durationSeconds : r.wallSeconds();
                if (r.requestsPerSecond() >= peak) {
                    return elapsed;
                }
            }
        }
        return null;
    }
}
