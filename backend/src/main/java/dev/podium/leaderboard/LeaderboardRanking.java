package dev.podium.leaderboard;

import dev.podium.quality.QualityFlags;
import dev.podium.read.CellRow;
import dev.podium.read.CellView;
import dev.podium.read.TargetKey;
import dev.podium.read.Throughput;
import dev.podium.stats.CellStats;
import dev.podium.stats.Estimate;
import dev.podium.verdict.BoardVerdicts;
import dev.podium.verdict.CellEvidence;
import dev.podium.verdict.Comparisons;
import dev.podium.verdict.Evidence;
import dev.podium.verdict.RankRange;
import dev.podium.verdict.Verdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** Pure leaderboard arithmetic: SLA throughput, best throughput, baseline share and rank ranges (read-api.md). */
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
        return unranked(cells, baselineBest, slaMs, Map.of(), Map.of());
    }

    /**
     * As {@link #unranked(List, Map, double)}; {@code runsPooled}: cell id -> the runs its figure pools (a board
     * segment, basis=segment), whose interval is over those runs and so already counts the host's drift between them;
     * {@code rounds}: cell id -> round -> that JVM start's figure, for cells of runs measured in interleaved rounds,
     * which the comparison engine pairs by round (a figure pooled over several runs is not paired).
     */
    public static List<LeaderboardResponse.Row> unranked(
            List<CellRow> cells,
            Map<UUID, Double> baselineBest,
            double slaMs,
            Map<Long, Integer> runsPooled,
            Map<Long, Map<Integer, Double>> rounds) {
        Map<TargetKey, List<CellRow>> byTarget = new LinkedHashMap<>();
        Map<TargetKey, CellRow> newest = new LinkedHashMap<>();
        for (CellRow c : cells) {
            TargetKey target = c.target();
            CellRow n = newest.get(target);
            if (n == null || CellRow.newestFirst(c, n) < 0) {
                newest.put(target, c);
            }
        }
        for (CellRow c : cells) {
            TargetKey target = c.target();
            if (newest.get(target).runId().equals(c.runId())) {
                byTarget.computeIfAbsent(target, k -> new ArrayList<>()).add(c);
            }
        }
        List<LeaderboardResponse.Row> unranked = new ArrayList<>();
        for (List<CellRow> sweep : byTarget.values()) {
            CellRow sla = slaCell(sweep, slaMs);
            CellRow best = bestCell(sweep);
            CellRow shown = sla != null ? sla : best;
            CellView cell = shown.cell();
            CellStats s = shown.stats();
            Double base = baselineBest.get(best.runId());
            List<String> flags = shown.shownFlags();
            boolean noisy = flags.contains("noisy");
            unranked.add(new LeaderboardResponse.Row(
                    RankRange.UNRANKED,
                    cell.framework(),
                    cell.frameworkVersion(),
                    cell.ioModel(),
                    shown.runId(),
                    shown.startedAt(),
                    shown.jvmVendor(),
                    shown.jvmVersion(),
                    sla == null ? null : sla.throughput(),
                    sla == null ? null : sla.cell().connections(),
                    sla == null ? null : sla.id(),
                    best.throughput(),
                    best.cell().connections(),
                    best.id(),
                    s.rpsCiLow(),
                    s.rpsCiHigh(),
                    s.p90Median(),
                    s.p99Median(),
                    shown.throughput() / cell.vcpus(),
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
                    cell.topology(),
                    s.forks(),
                    QualityFlags.lowerBound(flags),
                    timeToPeak(shown, sweep),
                    cell.gc(),
                    cell.figures(),
                    evidence(shown, flags, runsPooled.getOrDefault(shown.id(), 1), rounds.get(shown.id()))));
        }
        return unranked;
    }

    /**
     * The target's time to peak in the scenario: the shown cell's, else that of the run's cell that warmed up in full
     * (a further concurrency of a start already steady is only checked, and has none), fewest connections first.
     */
    private static Double timeToPeak(CellRow shown, List<CellRow> sweep) {
        Double own = shown.cell().timeToPeakSeconds();
        if (own != null) {
            return own;
        }
        return sweep.stream()
                .filter(c -> c.cell().timeToPeakSeconds() != null)
                .min(java.util.Comparator.comparingInt(r -> r.cell().connections()))
                .map(r -> r.cell().timeToPeakSeconds())
                .orElse(null);
    }

    /** Throughput at each concurrency of one target's run, fewest connections (then lowest target rate) first. */
    private static List<LeaderboardResponse.AtConcurrency> sweep(List<CellRow> cells) {
        return cells.stream()
                .filter(c -> c.stats() != null)
                .sorted(CellRow.BY_LOAD)
                .map(c -> new LeaderboardResponse.AtConcurrency(
                        c.cell().connections(),
                        c.cell().targetRate(),
                        Throughput.of(c),
                        c.stats().errorRate(),
                        c.cell().flags()))
                .toList();
    }

    /** Rows ranked by throughput. */
    public static List<LeaderboardResponse.Row> rank(List<LeaderboardResponse.Row> rows) {
        return rank(rows, "throughput");
    }

    /**
     * Orders the rows by the ranking figure, best first, and gives each its rank range from the comparison engine
     * (methodology.md section 10, {@link Comparisons#board}): from 1 + the rows decided faster than it to N - the rows
     * decided slower. throughput: the SLA throughput, else the best throughput, with the shown cell's interval over its
     * JVM starts (a lower-bound figure, {@link QualityFlags#lowerBound}, is never decided slower: it may be as fast);
     * cpu: requests per CPU-second, highest first; memory: MB per 1,000 requests/s, lowest first; for these two, rows
     * without the figure (v1 runs) follow, not ranked. A noisy row is judged by its own, wide, interval.
     */
    public static List<LeaderboardResponse.Row> rank(List<LeaderboardResponse.Row> rows, String by) {
        String rankedBy = by.equals("cpu") || by.equals("memory") ? by : "throughput";
        // each row's evidence once: building it solves a t quantile, and the sort would ask for it again and again
        record Judged(LeaderboardResponse.Row row, Evidence evidence) {}
        List<Judged> with = new ArrayList<>();
        List<LeaderboardResponse.Row> without = new ArrayList<>();
        for (LeaderboardResponse.Row r : rows) {
            Evidence e = evidence(r, rankedBy);
            if (e != null) {
                with.add(new Judged(r, e));
            } else {
                without.add(r);
            }
        }
        with.sort(
                Comparator.comparingDouble((Judged j) -> -j.evidence().figure()).thenComparing(Judged::row, BY_NAME));
        without.sort(BY_THROUGHPUT);
        BoardVerdicts verdicts =
                Comparisons.board(with.stream().map(Judged::evidence).toList());
        List<LeaderboardResponse.Row> ranked = new ArrayList<>(rows.size());
        for (int i = 0; i < with.size(); i++) {
            ranked.add(with.get(i).row().withPlace(verdicts.range(i)).withRankedBy(rankedBy));
        }
        for (LeaderboardResponse.Row r : without) {
            ranked.add(r.withPlace(RankRange.UNRANKED).withRankedBy(rankedBy));
        }
        return ranked;
    }

    /**
     * The board's verdict on {@code b} against {@code a}, two of its rows, by {@code by}: every ranked row that has the
     * figure judged at once, the same family {@link #rank(List, String)} ranks, so that every view says what the
     * board's rank ranges say. Null when either row is not among them.
     */
    public static Verdict verdict(
            List<LeaderboardResponse.Row> rows, String by, LeaderboardResponse.Row a, LeaderboardResponse.Row b) {
        String rankedBy = by.equals("cpu") || by.equals("memory") ? by : "throughput";
        List<LeaderboardResponse.Row> family = new ArrayList<>();
        List<Evidence> evidence = new ArrayList<>();
        for (LeaderboardResponse.Row r : rows) {
            Evidence e = r.place().ranked() ? evidence(r, rankedBy) : null;
            if (e != null) {
                family.add(r);
                evidence.add(e);
            }
        }
        int i = family.indexOf(a);
        int j = family.indexOf(b);
        if (i < 0 || j < 0 || i == j) {
            return null;
        }
        BoardVerdicts verdicts = Comparisons.board(evidence);
        // memory is judged by its inverse (lower is better): there, faster reads as "needs less memory"
        return verdicts.between(j, i);
    }

    private static final Comparator<LeaderboardResponse.Row> BY_NAME = Comparator.comparing(
                    LeaderboardResponse.Row::framework)
            .thenComparing(LeaderboardResponse.Row::ioModel)
            .thenComparing(LeaderboardResponse.Row::topology);

    private static final Comparator<LeaderboardResponse.Row> BY_THROUGHPUT = Comparator.comparingDouble(
                    (LeaderboardResponse.Row r) -> -r.rankedThroughput())
            .thenComparing(BY_NAME);

    /**
     * What the comparison engine judges a row by: for throughput the shown cell's figure and interval (over its JVM
     * starts, else its repeats), for cpu and memory the cost figure over its repeats (memory inverted: lower is
     * better); null when the row has no such positive figure.
     */
    public static Evidence evidence(LeaderboardResponse.Row r, String by) {
        if (by.equals("throughput")) {
            if (r.evidence() != null) {
                return r.evidence();
            }
            double figure = r.rankedThroughput();
            return figure > 0
                    ? Evidence.ofInterval(
                            figure,
                            r.ciLow(),
                            r.ciHigh(),
                            CellEvidence.df(r.forks(), r.repeatCount()),
                            false,
                            r.atLeast(),
                            r.runId())
                    : null;
        }
        Estimate f = by.equals("cpu") ? r.requestsPerCpuSecond() : r.rssMbPerKrps();
        if (f == null || !(f.mean() > 0)) {
            return null;
        }
        Evidence e = Evidence.ofInterval(f.mean(), f.ciLow(), f.ciHigh(), f.repeats() - 1, false, false, r.runId());
        return by.equals("memory") ? e.inverted() : e;
    }

    /**
     * The evidence of a shown cell: its figure and interval, over its JVM starts when it has several, over the runs of
     * its segment when it pools {@code runs} > 1 (which then counts the host's drift between runs).
     */
    private static Evidence evidence(CellRow shown, List<String> flags, int runs, Map<Integer, Double> byRound) {
        CellStats s = shown.stats();
        if (runs > 1) { // a segment: the interval is over its runs, and so counts the host's drift between them
            return shown.throughput() > 0
                    ? Evidence.ofInterval(
                            shown.throughput(),
                            s.rpsCiLow(),
                            s.rpsCiHigh(),
                            runs - 1,
                            true,
                            QualityFlags.lowerBound(flags),
                            shown.runId())
                    : null;
        }
        Evidence e = CellEvidence.of(s, shown.throughput(), QualityFlags.lowerBound(flags), shown.runId());
        return e != null && byRound != null && byRound.size() > 1 ? e.inRounds(byRound) : e;
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
            result.add(r.withPlace(RankRange.UNRANKED)
                    .withRankedBy(null)
                    .withExcludedBy(QualityFlags.unrankedBy(r.flags(), r.agentRevoked())));
        }
        return result;
    }
}
