package dev.podium.leaderboard;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import dev.podium.run.CellView;

/** A cell as the read queries see it: its own columns, its stored statistics, and the run fields it is filtered by. */
public record CellRow(long id, UUID runId, int ordinal, String framework, String frameworkVersion, String ioModel,
                      String scenario, String loadModel, int connections, Double targetRate, Integer delayMs,
                      int vcpus, double durationSeconds, Double warmupSeconds, boolean baseline, List<String> flags,
                      Stats stats, OffsetDateTime startedAt, OffsetDateTime receivedAt, String hostClass,
                      String cpuModel, String jvmVendor, String jvmVersion, int jvmMajor, String cpus,
                      CellView.Startup startup) {

    /**
     * The statistics columns of a cell (read-api.md {@code stats}); null before they are computed. The interval is the
     * 95% Student's t interval of the mean; the cost figures are null for v1 cells (no usage).
     */
    public record Stats(Integer repeatCount, Double rpsTrimmedMean, Double rpsMedian, Double rpsMean, Double rpsStddev,
                        Double rpsCiLow, Double rpsCiHigh, Double errorRate, Double p50Median, Double p90Median,
                        Double p99Median, Boolean overErrorLimit, Double rpsCv, Boolean noisy,
                        CellView.Figure requestsPerCpuSecond, CellView.Figure rpsPerVcpu, CellView.Figure rssMbPerKrps) {
    }

    /** The cell's throughput figure: the trimmed mean of requests/s (0 when not computed). */
    public double throughput() {
        return stats.rpsTrimmedMean() == null ? 0 : stats.rpsTrimmedMean();
    }

    /** Runs compare newest first by startedAt, then receivedAt, then id: the "most recent run" everywhere. */
    public static int newestFirst(CellRow a, CellRow b) {
        int c = b.startedAt().compareTo(a.startedAt());
        if (c == 0) {
            c = b.receivedAt().compareTo(a.receivedAt());
        }
        return c != 0 ? c : b.runId().compareTo(a.runId());
    }
}
