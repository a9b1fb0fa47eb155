package dev.podium.rounds;

import dev.podium.payload.CellPayload;
import dev.podium.stats.CellStatistics;
import java.util.ArrayList;
import java.util.List;

/** A cell's JVM starts as ingest reads them from a validated payload. */
public final class JvmStarts {

    private JvmStarts() {}

    /**
     * The starts of a cell's payload (results[].starts; null when it has none), each with its figure: the trimmed mean
     * of the requests/s of the repeats measured on it. forks[i] and rps[i] are the cell's repeat i's start and
     * requests/s; the payload passed the rules of input.StartRules, so every start has repeats.
     */
    public static List<JvmStart> of(List<CellPayload.Start> starts, int[] forks, double[] rps) {
        if (starts == null) {
            return null;
        }
        List<JvmStart> out = new ArrayList<>(starts.size());
        for (CellPayload.Start s : starts) {
            out.add(new JvmStart(
                    s.fork(),
                    s.round(),
                    s.order(),
                    s.startedAt().toInstant(),
                    CellStatistics.trimmedMean(ofFork(s.fork(), forks, rps))));
        }
        return out;
    }

    private static double[] ofFork(int fork, int[] forks, double[] rps) {
        int n = 0;
        for (int f : forks) {
            n += f == fork ? 1 : 0;
        }
        double[] out = new double[n];
        for (int i = 0, k = 0; i < forks.length; i++) {
            if (forks[i] == fork) {
                out[k++] = rps[i];
            }
        }
        return out;
    }
}
