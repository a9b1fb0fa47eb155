package dev.podium.stats;

/**
 * The statistics stored with every cell at ingest (methodology section 4, read-api.md `stats`).
 * {@code rpsStddev}, {@code rpsCv} and the interval are null with a single repeat: a sample spread needs two.
 * The interval is the 95% Student's t interval of the mean of the repeats' requests/s.
 * The cost figures are null for a cell without usage (payload v1): requests per CPU-second, requests/s per vCPU, and MB
 * (10^6 bytes) of mean resident memory per 1,000 requests/s, each over the repeats that define it.
 */
public record CellStats(int repeatCount, double rpsTrimmedMean, double rpsMedian, double rpsMean, Double rpsStddev,
                        Double rpsCiLow, Double rpsCiHigh, double errorRate, double p50Median, double p90Median,
                        double p99Median, boolean overErrorLimit, Double rpsCv, boolean noisy,
                        Estimate requestsPerCpuSecond, Estimate rpsPerVcpu, Estimate rssMbPerKrps) {

    /** A cell is marked, not hidden, above this error rate (methodology section 7). */
    public static final double ERROR_LIMIT = 0.01;

    /** A cell whose repeat-to-repeat coefficient of variation of requests/s is above this is noisy (issue 10). */
    public static final double NOISY_CV = 0.05;
}
