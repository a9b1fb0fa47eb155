package dev.podium.leaderboard;

import dev.podium.quality.QualityFlags;
import dev.podium.read.CellRow;
import dev.podium.stats.CellStats;
import dev.podium.stats.Estimate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

/** Pure leaderboard arithmetic: SLA throughput, best throughput, baseline share and tie-aware ranks (read-api.md). */
public final class LeaderboardRanking {

    private LeaderboardRanking() {}

    /** The cell with the highest trimmed mean whose p90 stays under the SLA and whose error rate is under 1%. */
    public static CellRow slaCell(List<CellRow> sweep, double slaMs) {
        CellRow best = null;
        for (CellRow c : sweep) {
            CellStats s = c.stats();
            if (s == null) {
                continue;
            }
            if (s.p90Median() < slaMs
                    && s.errorRate() < CellStats.ERROR_LIMIT
                    && (best == null || c.throughput() > best.throughput())) {
                best = c;
            }
        }
        return best;
    }

    /** The cell with the highest trimmed mean at any concurrency. */
    public static CellRow bestCell(List<CellRow> sweep) {
        return sweep.stream()
                .max(Comparator.comparingDouble(CellRow::throughput))
                .orElse(null);
    }

    /** Rows ranked by throughput. */
    public static List<LeaderboardResponse.Row> rows(
            List<CellRow> cells, Map<UUID, Double> baselineBest, double slaMs) {
        return rows(cells, baselineBest, slaMs, "throughput");
    }

    /**
     * One row per (framework, ioModel) from the cells of its most recent run, ranked by {@code rankBy} (throughput,
     * cpu or memory). {@code cells}: the matching non-baseline cells; {@code baselineBest}: run id -> its baseline's
     * best throughput.
     */
    public static List<LeaderboardResponse.Row> rows(
            List<CellRow> cells, Map<UUID, Double> baselineBest, double slaMs, String rankBy) {
        return rank(unranked(cells, baselineBest, slaMs), rankBy);
    }

    /** One row per (framework, ioModel, topology) from the cells of its most recent run, in no order and without ranks. */
    public static List<LeaderboardResponse.Row> unranked(
            List<CellRow> cells, Map<UUID, Double> baselineBest, double slaMs) {
        Map<String, List<CellRow>> byTarget = new LinkedHashMap<>();
        Map<String, CellRow> newest = new LinkedHashMap<>();
        for (CellRow c : cells) {
            String target = c.target();
            CellRow n = newest.get(target);
            if (n == null || CellRow.newestFirst(c, n) < 0) {
                newest.put(target, c);
            }
        }
        for (CellRow c : cells) {
            String target = c.target();
            if (newest.get(target).runId().equals(c.runId())) {
                byTarget.computeIfAbsent(target, k -> new ArrayList<>()).add(c);
            }
        }
        List<LeaderboardResponse.Row> unranked = new ArrayList<>();
        for (List<CellRow> sweep : byTarget.values()) {
            CellRow sla = slaCell(sweep, slaMs);
            CellRow best = bestCell(sweep);
            CellRow shown = sla != null ? sla : best;
            CellStats s = shown.stats();
            Double base = baselineBest.get(best.runId());
            List<String> flags = shown.shownFlags();
            boolean noisy = flags.contains("noisy");
            unranked.add(new LeaderboardResponse.Row(
                    0,
                    false,
                    shown.framework(),
                    shown.frameworkVersion(),
                    shown.ioModel(),
                    shown.runId(),
                    shown.startedAt(),
                    shown.jvmVendor(),
                    shown.jvmVersion(),
                    sla == null ? null : sla.throughput(),
                    sla == null ? null : sla.connections(),
                    sla == null ? null : sla.id(),
                    best.throughput(),
                    best.connections(),
                    best.id(),
                    s.rpsCiLow(),
                    s.rpsCiHigh(),
                    s.p90Median(),
                    s.p99Median(),
                    shown.throughput() / shown.vcpus(),
                    base == null || base == 0 ? null : best.throughput() / base,
                    s.errorRate(),
                    flags,
                    s.repeatCount(),
                    noisy,
                    s.requestsPerCpuSecond(),
                    s.rssMbPerKrps(),
                    null,
                    shown.classification(),
                    sweep(sweep),
                    List.of(),
                    sweep.stream().anyMatch(CellRow::agentRevoked),
                    shown.topology(),
                    s.forks(),
                    QualityFlags.lowerBound(flags),
                    timeToPeak(shown, sweep),
                    shown.gc()));
        }
        return unranked;
    }

    /**
     * The target's time to peak in the scenario: the shown cell's, else that of the run's cell that warmed up in full
     * (a further concurrency of a start already steady is only checked, and has none), fewest connections first.
     */
    private static Double timeToPeak(CellRow shown, List<CellRow> sweep) {
        if (shown.timeToPeakSeconds() != null) {
            return shown.timeToPeakSeconds();
        }
        return sweep.stream()
                .filter(c -> c.timeToPeakSeconds() != null)
                .min(java.util.Comparator.comparingInt(CellRow::connections))
                .map(CellRow::timeToPeakSeconds)
                .orElse(null);
    }

    /** Throughput at each concurrency of one target's run, fewest connections (then lowest target rate) first. */
    private static List<LeaderboardResponse.AtConcurrency> sweep(List<CellRow> cells) {
        return cells.stream()
                .filter(c -> c.stats() != null)
                .sorted(Comparator.comparingInt(CellRow::connections)
                        .thenComparing(c -> c.targetRate() == null ? 0 : c.targetRate()))
                .map(c -> new LeaderboardResponse.AtConcurrency(
                        c.connections(),
                        c.targetRate(),
                        c.throughput(),
                        c.stats().rpsCiLow(),
                        c.stats().rpsCiHigh(),
                        c.stats().errorRate(),
                        c.flags(),
                        c.stats().forks()))
                .toList();
    }

    /** Rows ranked by throughput. */
    public static List<LeaderboardResponse.Row> rank(List<LeaderboardResponse.Row> rows) {
        return rank(rows, "throughput");
    }

    /**
     * Orders the rows and gives each its rank (methodology.md section 10): by the ranking figure, best first; a row
     * whose interval of that figure overlaps the interval of the row above takes that row's rank, and every row of
     * such a group is marked tied. throughput: SLA throughput, then best throughput (rows without an SLA throughput
     * after the others, never tied with them); the interval of a lower-bound figure ({@link QualityFlags#lowerBound}:
     * generator-saturated, above-baseline, shares-generator-cpus, warmup-not-stable) reaches up without end, so it ranks
     * "at least" its value. cpu: requests per CPU-second, highest first; memory: MB per 1,000 requests/s, lowest first;
     * rows without the figure (v1 runs) last. A noisy row is ranked by its own, wide, interval.
     */
    public static List<LeaderboardResponse.Row> rank(List<LeaderboardResponse.Row> rows, String by) {
        List<LeaderboardResponse.Row> sorted = new ArrayList<>(rows);
        String rankedBy = by.equals("cpu") || by.equals("memory") ? by : "throughput";
        switch (rankedBy) {
            case "cpu" -> sorted.sort(byFigure(LeaderboardResponse.Row::requestsPerCpuSecond, true));
            case "memory" -> sorted.sort(byFigure(LeaderboardResponse.Row::rssMbPerKrps, false));
            default -> sorted.sort(BY_THROUGHPUT);
        }
        int[] ranks = new int[sorted.size()];
        boolean[] tied = new boolean[sorted.size()];
        for (int i = 0; i < sorted.size(); i++) {
            ranks[i] = i + 1;
            if (i > 0 && overlap(interval(sorted.get(i - 1), rankedBy), interval(sorted.get(i), rankedBy))) {
                ranks[i] = ranks[i - 1];
                tied[i] = true;
                tied[i - 1] = true;
            }
        }
        List<LeaderboardResponse.Row> ranked = new ArrayList<>(sorted.size());
        for (int i = 0; i < sorted.size(); i++) {
            ranked.add(sorted.get(i).ranked(ranks[i], tied[i], rankedBy));
        }
        return ranked;
    }

    private static final Comparator<LeaderboardResponse.Row> BY_THROUGHPUT = Comparator.comparing(
                    (LeaderboardResponse.Row r) -> r.slaThroughput() == null)
            .thenComparing(r -> r.slaThroughput() == null ? 0 : -r.slaThroughput())
            .thenComparing(r -> -r.bestThroughput())
            .thenComparing(LeaderboardResponse.Row::framework)
            .thenComparing(LeaderboardResponse.Row::ioModel)
            .thenComparing(LeaderboardResponse.Row::topology);

    /** By a cost figure's mean (rows without it last), then as by throughput. */
    private static Comparator<LeaderboardResponse.Row> byFigure(
            Function<LeaderboardResponse.Row, Estimate> figure, boolean highestFirst) {
        return Comparator.comparing((LeaderboardResponse.Row r) -> figure.apply(r) == null)
                .thenComparing(r -> figure.apply(r) == null
                        ? 0
                        : highestFirst
                                ? -figure.apply(r).mean()
                                : figure.apply(r).mean())
                .thenComparing(BY_THROUGHPUT);
    }

    /**
     * [low, high, group] of a row's ranking figure: low and high are null when unknown; a lower-bound throughput has
     * no high; rows of different groups (with and without an SLA throughput, with and without a cost figure) never tie.
     * A figure without an interval (one repeat: a spread needs two) is its own point: placed by its value, it shares
     * the rank of a neighbour whose interval holds that value and ties nothing else.
     */
    private static Double[] interval(LeaderboardResponse.Row r, String by) {
        if (by.equals("throughput")) {
            double figure = r.slaThroughput() != null ? r.slaThroughput() : r.bestThroughput();
            Double low = r.ciLow() != null ? r.ciLow() : Double.valueOf(figure);
            Double high = QualityFlags.lowerBound(r.flags())
                    ? Double.valueOf(Double.POSITIVE_INFINITY)
                    : r.ciHigh() != null ? r.ciHigh() : Double.valueOf(figure);
            return new Double[] {low, high, r.slaThroughput() == null ? 1.0 : 0.0};
        }
        Estimate f = by.equals("cpu") ? r.requestsPerCpuSecond() : r.rssMbPerKrps();
        if (f == null) {
            return new Double[] {null, null, 1.0};
        }
        return new Double[] {
            f.ciLow() != null ? f.ciLow() : Double.valueOf(f.mean()),
            f.ciHigh() != null ? f.ciHigh() : Double.valueOf(f.mean()),
            0.0
        };
    }

    static boolean overlap(LeaderboardResponse.Row above, LeaderboardResponse.Row below) {
        return overlap(new Double[] {above.ciLow(), above.ciHigh()}, new Double[] {below.ciLow(), below.ciHigh()});
    }

    private static boolean overlap(Double[] above, Double[] below) {
        if (above[0] == null || above[1] == null || below[0] == null || below[1] == null) {
            return false;
        }
        if (above.length > 2 && !above[2].equals(below[2])) {
            return false;
        }
        return below[1] >= above[0] && below[0] <= above[1];
    }

    /**
     * Every row with an honest order is ranked as {@link #rank(List, String)} does (noisy rows by their wide interval,
     * lower bounds as "at least"); the others ({@link QualityFlags#unrankedBy}) follow, in the same order among
     * themselves, with no rank and the reasons in excludedBy. {@code includeUnranked} (flagged=include) ranks those
     * too, by their figure as measured.
     */
    public static List<LeaderboardResponse.Row> rank(
            List<LeaderboardResponse.Row> rows, String by, boolean includeUnranked) {
        if (includeUnranked) {
            return rank(rows, by);
        }
        List<LeaderboardResponse.Row> ranked = new ArrayList<>();
        List<LeaderboardResponse.Row> unranked = new ArrayList<>();
        for (LeaderboardResponse.Row r : rows) {
            (QualityFlags.unrankedBy(r.flags(), r.agentRevoked()).isEmpty() ? ranked : unranked).add(r);
        }
        List<LeaderboardResponse.Row> result = new ArrayList<>(rank(ranked, by));
        for (LeaderboardResponse.Row r : rank(unranked, by)) {
            result.add(r.ranked(null, false, null, QualityFlags.unrankedBy(r.flags(), r.agentRevoked())));
        }
        return result;
    }
}
