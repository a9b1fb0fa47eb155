package dev.podium.leaderboard;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.podium.stats.CellStats;

/** Pure leaderboard arithmetic: SLA throughput, best throughput, baseline share and tie-aware ranks (read-api.md). */
public final class LeaderboardRanking {

    private LeaderboardRanking() {
    }

    /** The cell with the highest trimmed mean whose p90 stays under the SLA and whose error rate is under 1%. */
    public static CellRow slaCell(List<CellRow> sweep, double slaMs) {
        CellRow best = null;
        for (CellRow c : sweep) {
            CellStats s = c.stats();
            if (s == null) {
                continue;
            }
            if (s.p90Median() < slaMs && s.errorRate() < CellStats.ERROR_LIMIT
                    && (best == null || c.throughput() > best.throughput())) {
                best = c;
            }
        }
        return best;
    }

    /** The cell with the highest trimmed mean at any concurrency. */
    public static CellRow bestCell(List<CellRow> sweep) {
        return sweep.stream().max(Comparator.comparingDouble(CellRow::throughput)).orElse(null);
    }

    /**
     * One row per (framework, ioModel) from the cells of its most recent run, ranked.
     * {@code cells}: the matching non-baseline cells; {@code baselineBest}: run id -> its baseline's best throughput.
     */
    public static List<LeaderboardResponse.Row> rows(List<CellRow> cells, Map<UUID, Double> baselineBest, double slaMs) {
        Map<String, List<CellRow>> byTarget = new LinkedHashMap<>();
        Map<String, CellRow> newest = new LinkedHashMap<>();
        for (CellRow c : cells) {
            String target = c.framework() + "\u0000" + c.ioModel();
            CellRow n = newest.get(target);
            if (n == null || CellRow.newestFirst(c, n) < 0) {
                newest.put(target, c);
            }
        }
        for (CellRow c : cells) {
            String target = c.framework() + "\u0000" + c.ioModel();
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
            List<String> flags = new ArrayList<>(shown.flags());
            if (s != null && s.overErrorLimit() && !flags.contains("high-error-rate")) {
                flags.add("high-error-rate");
            }
            unranked.add(new LeaderboardResponse.Row(0, false, shown.framework(), shown.frameworkVersion(),
                    shown.ioModel(), shown.runId(), shown.startedAt(), shown.jvmVendor(), shown.jvmVersion(),
                    sla == null ? null : sla.throughput(), sla == null ? null : sla.connections(),
                    sla == null ? null : sla.id(), best.throughput(), best.connections(), best.id(), s.rpsCiLow(),
                    s.rpsCiHigh(), s.p90Median(), s.p99Median(), shown.throughput() / shown.vcpus(),
                    base == null || base == 0 ? null : best.throughput() / base, s.errorRate(), flags));
        }
        return rank(unranked);
    }

    /**
     * Orders by SLA throughput (nulls last), then best throughput; a row whose CI overlaps the CI of the row above
     * takes that row's rank. Every row of such a group, the first included, is marked tied.
     */
    public static List<LeaderboardResponse.Row> rank(List<LeaderboardResponse.Row> rows) {
        List<LeaderboardResponse.Row> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator
                .comparing((LeaderboardResponse.Row r) -> r.slaThroughput() == null)
                .thenComparing(r -> r.slaThroughput() == null ? 0 : -r.slaThroughput())
                .thenComparing(r -> -r.bestThroughput())
                .thenComparing(LeaderboardResponse.Row::framework)
                .thenComparing(LeaderboardResponse.Row::ioModel));
        int[] ranks = new int[sorted.size()];
        boolean[] tied = new boolean[sorted.size()];
        for (int i = 0; i < sorted.size(); i++) {
            ranks[i] = i + 1;
            if (i > 0 && overlap(sorted.get(i - 1), sorted.get(i))) {
                ranks[i] = ranks[i - 1];
                tied[i] = true;
                tied[i - 1] = true;
            }
        }
        List<LeaderboardResponse.Row> ranked = new ArrayList<>(sorted.size());
        for (int i = 0; i < sorted.size(); i++) {
            LeaderboardResponse.Row r = sorted.get(i);
            ranked.add(new LeaderboardResponse.Row(ranks[i], tied[i], r.framework(), r.frameworkVersion(), r.ioModel(),
                    r.runId(), r.startedAt(), r.jvmVendor(), r.jvmVersion(), r.slaThroughput(), r.slaConnections(),
                    r.slaCellId(), r.bestThroughput(), r.bestConnections(), r.bestCellId(), r.ciLow(), r.ciHigh(),
                    r.p90Ms(), r.p99Ms(), r.throughputPerVcpu(), r.baselineShare(), r.errorRate(), r.flags()));
        }
        return ranked;
    }

    static boolean overlap(LeaderboardResponse.Row above, LeaderboardResponse.Row below) {
        if (above.ciLow() == null || above.ciHigh() == null || below.ciLow() == null || below.ciHigh() == null) {
            return false;
        }
        return below.ciHigh() >= above.ciLow() && below.ciLow() <= above.ciHigh();
    }
}
