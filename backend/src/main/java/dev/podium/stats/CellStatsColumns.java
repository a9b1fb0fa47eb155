package dev.podium.stats;

import java.util.ArrayList;
import java.util.List;

import dev.podium.run.Cell;
import dev.podium.run.Repeat;

/** The ingest hook: derives a cell's statistics from its repeats and sets its stats columns, once, before insert. */
public final class CellStatsColumns {

    /** The interval method a row's rps_ci_low/rps_ci_high hold (V2__cost.sql). */
    public static final String INTERVAL_METHOD = "t";

    private CellStatsColumns() {
    }

    public static void fill(Cell cell) {
        List<RepeatFigures> figures = new ArrayList<>(cell.repeats.size());
        for (Repeat r : cell.repeats) {
            figures.add(new RepeatFigures(r.requests, r.requestsPerSecond, r.p50Ms, r.p90Ms, r.p99Ms, r.errorCount(),
                    r.targetCpuSeconds(), r.targetRssMeanBytes == null ? null : r.targetRssMeanBytes.doubleValue()));
        }
        CellStats s = CellStatistics.of(figures, cell.vcpus);
        cell.repeatCount = s.repeatCount();
        cell.rpsTrimmedMean = s.rpsTrimmedMean();
        cell.rpsMedian = s.rpsMedian();
        cell.rpsMean = s.rpsMean();
        cell.rpsStddev = s.rpsStddev();
        cell.rpsCiLow = s.rpsCiLow();
        cell.rpsCiHigh = s.rpsCiHigh();
        cell.rpsCiMethod = INTERVAL_METHOD;
        cell.rpsCv = s.rpsCv();
        cell.noisy = s.noisy();
        cell.errorRate = s.errorRate();
        cell.p50Median = s.p50Median();
        cell.p90Median = s.p90Median();
        cell.p99Median = s.p99Median();
        cell.overErrorLimit = s.overErrorLimit();
        Estimate cpu = s.requestsPerCpuSecond();
        cell.reqPerCpuSecond = cpu == null ? null : cpu.mean();
        cell.reqPerCpuSecondCiLow = cpu == null ? null : cpu.ciLow();
        cell.reqPerCpuSecondCiHigh = cpu == null ? null : cpu.ciHigh();
        cell.reqPerCpuSecondRepeats = cpu == null ? null : cpu.repeats();
        Estimate perVcpu = s.rpsPerVcpu();
        cell.rpsPerVcpu = perVcpu == null ? null : perVcpu.mean();
        cell.rpsPerVcpuCiLow = perVcpu == null ? null : perVcpu.ciLow();
        cell.rpsPerVcpuCiHigh = perVcpu == null ? null : perVcpu.ciHigh();
        cell.rpsPerVcpuRepeats = perVcpu == null ? null : perVcpu.repeats();
        Estimate memory = s.rssMbPerKrps();
        cell.rssMbPerKrps = memory == null ? null : memory.mean();
        cell.rssMbPerKrpsCiLow = memory == null ? null : memory.ciLow();
        cell.rssMbPerKrpsCiHigh = memory == null ? null : memory.ciHigh();
        cell.rssMbPerKrpsRepeats = memory == null ? null : memory.repeats();
    }
}
