package dev.podium.stats;

import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.descriptive.rank.Percentile.EstimationType;

/** Derives a cell's {@link CellStats} from its repeats; pure, deterministic, computed once at ingest. */
public final class CellStatistics {

    /** Bytes in the MB of "MB of RSS per 1,000 requests/s". */
    public static final double MB = 1_000_000.0;

    /** The interval method a row's rps_ci_low/rps_ci_high hold (V2__cost.sql). */
    public static final String INTERVAL_METHOD = "t";

    /** The interval of a cell with several JVM starts: t over the starts' means (V14__forks.sql). */
    public static final String FORKS_INTERVAL_METHOD = "t-forks";

    private CellStatistics() {}

    /** The statistics of a cell measured on {@code vcpus} CPUs. */
    public static CellStats of(List<RepeatFigures> repeats, int vcpus) {
        if (repeats.isEmpty()) {
            throw new IllegalArgumentException("a cell needs at least one repeat");
        }
        int n = repeats.size();
        double[] rps = new double[n];
        double[] p50 = new double[n];
        double[] p90 = new double[n];
        double[] p99 = new double[n];
        long requests = 0;
        long errors = 0;
        long unanswered = 0;
        for (int i = 0; i < n; i++) {
            RepeatFigures r = repeats.get(i);
            rps[i] = r.requestsPerSecond();
            p50[i] = r.p50Ms();
            p90[i] = r.p90Ms();
            p99[i] = r.p99Ms();
            requests += r.requests();
            errors += r.errors();
            unanswered += r.unanswered();
        }
        double[][] starts = byFork(repeats);
        Spread spread = starts.length > 1 ? forkSpread(starts) : spread(rps);
        double figure = starts.length > 1 ? forkFigure(starts) : trimmedMean(rps);
        double errorRate = errorRate(requests, unanswered, errors);
        return new CellStats(
                n,
                figure,
                median(rps),
                spread.mean(),
                spread.stddev(),
                spread.ciLow(),
                spread.ciHigh(),
                errorRate,
                median(p50),
                median(p90),
                median(p99),
                errorRate > CellStats.ERROR_LIMIT,
                spread.cv(),
                spread.noisy(),
                requestsPerCpuSecond(repeats),
                rpsPerVcpu(repeats, vcpus),
                rssMbPerKrps(repeats),
                starts.length,
                starts.length > 1 ? forkCv(starts) : null);
    }

    /** The repeats' requests/s grouped by JVM start, in start order (one group for a one-start cell). */
    static double[][] byFork(List<RepeatFigures> repeats) {
        int forks = 1;
        for (RepeatFigures r : repeats) {
            forks = Math.max(forks, r.fork() + 1);
        }
        List<List<Double>> groups = new java.util.ArrayList<>();
        for (int f = 0; f < forks; f++) {
            groups.add(new java.util.ArrayList<>());
        }
        for (RepeatFigures r : repeats) {
            groups.get(r.fork()).add(r.requestsPerSecond());
        }
        return groups.stream()
                .filter(g -> !g.isEmpty())
                .map(g -> g.stream().mapToDouble(Double::doubleValue).toArray())
                .toArray(double[][]::new);
    }

    /**
     * A cell of several starts (or a board segment of several runs, segment.Segments): the mean of each group's own
     * figure (its trimmed mean, as a one-start cell's).
     */
    public static double forkFigure(double[][] starts) {
        return Arrays.stream(starts)
                .mapToDouble(CellStatistics::trimmedMean)
                .average()
                .orElseThrow();
    }

    /**
     * The spread of a cell of several JVM starts (methodology section 4, two-level model): the mean is the mean of the
     * starts' means; the 95% interval is the t interval over the starts' means, taken to the log scale around the
     * figure ({@link PositiveInterval}), (F - 1 degrees of freedom), whose
     * sample variance estimates the between-start variance plus the within-start variance over the repeats per start,
     * so it counts both; it is never narrower than the interval the repeats would give if the starts did not differ
     * (the pooled within-start standard deviation over all N repeats, N - F degrees of freedom). stddev and cv are the
     * pooled within-start ones: noisy keeps saying that the repeats of a start disagree, not that the starts do.
     */
    public static Spread forkSpread(double[][] starts) {
        StartMeans m = StartMeans.of(starts);
        double mean = m.mean();
        double[] between = StudentT.meanInterval(m.means());
        double half = between[1] - mean;
        Double stddev = null;
        if (m.withinVariance() != null) {
            stddev = Math.sqrt(m.withinVariance());
            half = Math.max(half, StudentT.quantile(m.repeats() - m.starts()) * stddev / Math.sqrt(m.repeats()));
        }
        return Spread.around(forkFigure(starts), mean, stddev, new double[] {mean - half, mean + half});
    }

    /** The starts' means' coefficient of variation: their sample standard deviation over their mean. */
    public static Double forkCv(double[][] starts) {
        StartMeans m = StartMeans.of(starts);
        return m.mean() == 0 ? null : new StandardDeviation(true).evaluate(m.means()) / m.mean();
    }

    /**
     * The error rate of schema/README.md: failed requests over attempts, 0 without attempts, at most 1; attempts are
     * the requests (answered, status and timeout errors among them) plus the unanswered (connect, read, write errors).
     */
    public static double errorRate(long requests, long unanswered, long failed) {
        long attempts = requests + unanswered;
        return attempts == 0 ? 0.0 : Math.min(1.0, (double) failed / attempts);
    }

    /** How the repeats' requests/s spread: mean, sample stddev, 95% interval, coefficient of variation, noisy. */
    public record Spread(double mean, Double stddev, Double ciLow, Double ciHigh, Double cv, boolean noisy) {

        /** The spread whose interval is the t interval {@code t} (null: none) taken to the log scale around figure. */
        static Spread around(double figure, double mean, Double stddev, double[] t) {
            double[] ci = t == null ? null : PositiveInterval.around(figure, mean, t[0], t[1]);
            Double cv = stddev == null || mean == 0 ? null : stddev / mean;
            return new Spread(
                    mean,
                    stddev,
                    ci == null ? null : ci[0],
                    ci == null ? null : ci[1],
                    cv,
                    cv != null && cv > CellStats.NOISY_CV);
        }
    }

    /**
     * The spread of requests/s over a cell's repeats; stddev, interval and cv are null for a single repeat. The interval
     * is the t interval of the mean taken to the log scale around the figure, the trimmed mean ({@link
     * PositiveInterval}): never below zero, and around the figure it is shown with.
     */
    public static Spread spread(double[] rps) {
        Double stddev = rps.length < 2 ? null : new StandardDeviation(true).evaluate(rps);
        return Spread.around(trimmedMean(rps), new Mean().evaluate(rps), stddev, StudentT.meanInterval(rps));
    }

    /** requests / (user + system CPU seconds) per repeat; a repeat that used no CPU defines no ratio. */
    static Estimate requestsPerCpuSecond(List<RepeatFigures> repeats) {
        return Estimate.of(repeats.stream()
                .filter(r -> r.cpuSeconds() != null && r.cpuSeconds() > 0)
                .mapToDouble(r -> r.requests() / r.cpuSeconds())
                .toArray());
    }

    /** requests/s / vCPUs per repeat, only for repeats with usage so that every cost figure is v2-only. */
    static Estimate rpsPerVcpu(List<RepeatFigures> repeats, int vcpus) {
        return Estimate.of(repeats.stream()
                .filter(r -> r.cpuSeconds() != null)
                .mapToDouble(r -> r.requestsPerSecond() / vcpus)
                .toArray());
    }

    /** mean RSS in MB / (requests/s / 1000) per repeat; a repeat that served nothing defines no ratio. */
    static Estimate rssMbPerKrps(List<RepeatFigures> repeats) {
        return Estimate.of(repeats.stream()
                .filter(r -> r.rssMeanBytes() != null && r.requestsPerSecond() > 0)
                .mapToDouble(r -> r.rssMeanBytes() / MB / (r.requestsPerSecond() / 1000))
                .toArray());
    }

    /** Mean after dropping the best and the worst value, when there are at least 3 (methodology section 4). */
    public static double trimmedMean(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int from = sorted.length >= 3 ? 1 : 0;
        int to = sorted.length >= 3 ? sorted.length - 1 : sorted.length;
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += sorted[i];
        }
        return sum / (to - from);
    }

    /** Median; the mean of the two middle values for an even count. */
    public static double median(double[] values) {
        return new Percentile().withEstimationType(EstimationType.R_7).evaluate(values, 50.0);
    }
}
