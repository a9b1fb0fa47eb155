package dev.podium.leaderboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.podium.read.CellRow;
import dev.podium.read.CellView;
import dev.podium.scaling.ScalingResource;
import dev.podium.stats.CellStats;
import dev.podium.stats.Estimate;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** SLA throughput, best throughput, baseline share and tie-aware ranks on hand-made cells. */
class LeaderboardRankingTest {

    static final UUID RUN = UUID.fromString("00000000-0000-0000-0000-000000000001");
    static final UUID OLDER = UUID.fromString("00000000-0000-0000-0000-000000000002");
    static final OffsetDateTime NOW = OffsetDateTime.parse("2026-11-02T08:00:00Z");

    /** What a v2 cell may add to the figures every cell has: quality flags and the cost figures (null: none). */
    record Extras(List<String> flags, Estimate cpu, Estimate memory) {
        static final Extras NONE = new Extras(List.of(), null, null);
    }

    static Extras flags(String... flags) {
        return new Extras(List.of(flags), null, null);
    }

    static Extras cpu(Estimate cpu) {
        return new Extras(List.of(), cpu, null);
    }

    static Extras memory(Estimate memory) {
        return new Extras(List.of(), null, memory);
    }

    /** A cell of these figures; extras, if given, the flags and cost figures of a v2 run (none: a v1 cell). */
    static CellRow cell(
            long id,
            UUID run,
            OffsetDateTime started,
            String framework,
            int connections,
            double rps,
            double ciLow,
            double ciHigh,
            double p90,
            double errorRate,
            Extras... extras) {
        Extras extra = extras.length == 0 ? Extras.NONE : extras[0];
        CellStats s = new CellStats(
                5,
                rps,
                rps,
                rps,
                1.0,
                ciLow,
                ciHigh,
                errorRate,
                p90 / 2,
                p90,
                p90 * 2,
                errorRate > 0.01,
                0.01,
                false,
                extra.cpu(),
                null,
                extra.memory());
        CellView cell = new CellView(
                id,
                (int) id,
                framework,
                "1.0",
                "non-blocking",
                "plaintext",
                "closed",
                connections,
                null,
                null,
                2,
                15,
                null,
                false,
                extra.flags(),
                null,
                "single",
                null,
                s,
                null,
                null,
                null,
                null,
                null,
                Map.of(),
                "default",
                null,
                null,
                null,
                null,
                null);
        return new CellRow(cell, run, started, started, "host", "cpu", "Eclipse Adoptium", "21", 21, null, false);
    }

    @Test
    void sla_throughput_is_the_best_concurrency_whose_p90_is_under_the_sla_and_errors_under_one_percent() {
        List<CellRow> sweep = List.of(
                cell(1, RUN, NOW, "A", 16, 50_000, 0, 0, 20, 0),
                cell(2, RUN, NOW, "A", 64, 80_000, 0, 0, 150, 0),
                cell(3, RUN, NOW, "A", 256, 95_000, 0, 0, 199.9, 0.02), // errors over 1%
                cell(4, RUN, NOW, "A", 1024, 99_000, 0, 0, 350, 0)); // p90 over the SLA
        assertEquals(2, LeaderboardRanking.slaCell(sweep, 200).id());
        assertEquals(4, LeaderboardRanking.bestCell(sweep).id());
        assertEquals(1, LeaderboardRanking.slaCell(sweep, 100).id());
        assertNull(LeaderboardRanking.slaCell(sweep, 10));
    }

    @Test
    void a_p90_exactly_at_the_sla_does_not_qualify() {
        assertNull(LeaderboardRanking.slaCell(List.of(cell(1, RUN, NOW, "A", 16, 50_000, 0, 0, 200, 0)), 200));
    }

    @Test
    void each_framework_uses_only_its_most_recent_run_and_its_baseline_share() {
        List<CellRow> cells = List.of(
                cell(1, OLDER, NOW.minusDays(1), "A", 64, 300_000, 1, 2, 1, 0),
                cell(2, RUN, NOW, "A", 64, 100_000, 99_000, 101_000, 1, 0),
                cell(3, RUN, NOW, "A", 256, 120_000, 119_000, 121_000, 300, 0));
        List<LeaderboardResponse.Row> rows = LeaderboardRanking.rows(cells, Map.of(RUN, 200_000.0), 200);
        assertEquals(1, rows.size());
        LeaderboardResponse.Row r = rows.get(0);
        assertEquals(RUN, r.runId());
        assertEquals(100_000, r.slaThroughput());
        assertEquals(64, r.slaConnections());
        assertEquals(120_000, r.bestThroughput());
        assertEquals(256, r.bestConnections());
        assertEquals(99_000, r.ciLow()); // CI, p90 and per-vCPU belong to the SLA cell
        assertEquals(50_000, r.throughputPerVcpu());
        assertEquals(0.6, r.baselineShare(), 1e-12); // 120,000 / 200,000
    }

    @Test
    void rows_the_engine_cannot_tell_apart_share_a_rank_range_and_ties_do_not_chain_down_the_board() {
        List<CellRow> cells = List.of(
                cell(1, RUN, NOW, "A", 64, 200_000, 198_000, 202_000, 1, 0),
                cell(2, RUN, NOW, "B", 64, 195_000, 193_000, 197_000, 1, 0), // within the host's drift of A and C
                cell(3, RUN, NOW, "C", 64, 190_000, 188_000, 192_000, 1, 0),
                cell(4, RUN, NOW, "D", 64, 100_000, 99_000, 101_000, 1, 0), // 1.9x below C: decided
                cell(5, RUN, NOW, "E", 64, 50_000, 49_500, 50_500, 1, 0), // 2x below D: decided
                cell(6, RUN, NOW, "F", 64, 170_000, 168_000, 172_000, 500, 0)); // no SLA cell: ranked by its best
        List<LeaderboardResponse.Row> rows = LeaderboardRanking.rows(cells, Map.of(), 200);
        assertRanked(rows, List.of("A", "B", "C", "F", "D", "E"), List.of(1, 1, 1, 1, 5, 6));
        assertEquals(List.of(4, 4, 4, 4, 5, 6), column(rows, r -> r.place().rankHigh()));
        assertEquals(
                List.of(true, true, true, true, false, false),
                column(rows, r -> r.place().tied()));
        assertNull(rows.get(3).slaThroughput());
        assertNull(rows.get(0).baselineShare()); // no baseline cell in the run
    }

    @Test
    void overlapping_intervals_do_not_decide_a_rank_a_clear_gap_does() {
        // 10% apart with tight intervals: within the host's drift between stretches of a run, so not told apart
        List<CellRow> close =
                List.of(cell(1, RUN, NOW, "A", 64, 100, 99, 101, 1, 0), cell(2, RUN, NOW, "B", 64, 90, 89, 91, 1, 0));
        List<LeaderboardResponse.Row> rows = LeaderboardRanking.rows(close, Map.of(), 200);
        assertEquals(List.of(1, 1), column(rows, r -> r.place().rank()));
        assertEquals(List.of(2, 2), column(rows, r -> r.place().rankHigh()));
        List<CellRow> apart =
                List.of(cell(1, RUN, NOW, "A", 64, 100, 99, 101, 1, 0), cell(2, RUN, NOW, "B", 64, 50, 49, 51, 1, 0));
        List<LeaderboardResponse.Row> decided = LeaderboardRanking.rows(apart, Map.of(), 200);
        assertEquals(List.of(1, 2), column(decided, r -> r.place().rank()));
        assertEquals(List.of(1, 2), column(decided, r -> r.place().rankHigh()));
        assertFalse(decided.get(1).place().tied());
    }

    /** The rows' frameworks and ranks, in order. */
    static void assertRanked(List<LeaderboardResponse.Row> rows, List<String> frameworks, List<Integer> ranks) {
        assertEquals(frameworks, column(rows, LeaderboardResponse.Row::framework));
        assertEquals(ranks, column(rows, r -> r.place().rank()));
    }

    /** One field of every row, in rank order. */
    static <T> List<T> column(List<LeaderboardResponse.Row> rows, Function<LeaderboardResponse.Row, T> field) {
        return rows.stream().map(field).toList();
    }

    static Estimate figure(double mean, double low, double high) {
        return new Estimate(mean, low, high, 5);
    }

    @Test
    void a_lower_bound_is_never_decided_slower_so_its_range_reaches_the_top() {
        List<CellRow> cells = List.of(
                cell(1, RUN, NOW, "A", 64, 120_000, 119_000, 121_000, 1, 0, flags("generator-saturated")),
                cell(2, RUN, NOW, "B", 64, 110_000, 109_000, 111_000, 1, 0),
                // C is at least 100k: it may pass A and B, and is decided above E, 2x below it
                cell(3, RUN, NOW, "C", 64, 100_000, 99_000, 101_000, 1, 0, flags("above-baseline")),
                cell(4, RUN, NOW, "D", 64, 90_000, 89_000, 91_000, 1, 0),
                cell(5, RUN, NOW, "E", 64, 50_000, 49_500, 50_500, 1, 0));
        List<LeaderboardResponse.Row> rows = LeaderboardRanking.rows(cells, Map.of(), 200, "throughput");
        assertRanked(rows, List.of("A", "B", "C", "D", "E"), List.of(1, 1, 1, 1, 5));
        assertEquals(List.of(4, 4, 4, 4, 5), column(rows, r -> r.place().rankHigh()));
        assertEquals(List.of(true, false, true, false, false), column(rows, LeaderboardResponse.Row::atLeast));
        assertEquals(
                List.of("throughput", "throughput", "throughput", "throughput", "throughput"),
                column(rows, LeaderboardResponse.Row::rankedBy));
    }

    @Test
    void rank_by_cpu_puts_the_most_requests_per_cpu_second_first_and_leaves_rows_without_it_unranked() {
        List<CellRow> cells = List.of(
                cell(1, RUN, NOW, "A", 64, 120_000, 119_000, 121_000, 1, 0, cpu(figure(60_000, 59_000, 61_000))),
                cell(2, RUN, NOW, "B", 64, 110_000, 109_000, 111_000, 1, 0, cpu(figure(61_000, 60_500, 61_500))),
                cell(3, RUN, NOW, "C", 64, 130_000, 129_000, 131_000, 1, 0), // v1: no CPU figure, last, unranked
                cell(4, RUN, NOW, "D", 64, 90_000, 89_000, 91_000, 1, 0, cpu(figure(120_000, 119_000, 121_000))));
        List<LeaderboardResponse.Row> rows = LeaderboardRanking.rows(cells, Map.of(), 200, "cpu");
        assertEquals(List.of("D", "B", "A", "C"), column(rows, LeaderboardResponse.Row::framework));
        assertEquals(Arrays.asList(1, 2, 2, null), column(rows, r -> r.place().rank()));
        assertEquals(Arrays.asList(1, 3, 3, null), column(rows, r -> r.place().rankHigh()));
        assertEquals(
                List.of(false, true, true, false), column(rows, r -> r.place().tied()));
    }

    @Test
    void a_cost_figure_of_one_repeat_has_no_spread_and_is_told_apart_from_nothing() {
        List<CellRow> cells = List.of(
                cell(1, RUN, NOW, "A", 64, 120_000, 119_000, 121_000, 1, 0, cpu(figure(60_000, 59_000, 61_000))),
                cell(2, RUN, NOW, "B", 64, 110_000, 109_000, 111_000, 1, 0, cpu(new Estimate(60_500, null, null, 1))),
                cell(3, RUN, NOW, "C", 64, 90_000, 89_000, 91_000, 1, 0, cpu(figure(20_000, 19_900, 20_100))),
                cell(4, RUN, NOW, "D", 64, 80_000, 79_000, 81_000, 1, 0, cpu(new Estimate(5_000, null, null, 1))));
        List<LeaderboardResponse.Row> rows = LeaderboardRanking.rows(cells, Map.of(), 200, "cpu");
        // A and C, with intervals, are 3x apart: decided; B and D, one repeat each, may be anywhere
        assertEquals(List.of("B", "A", "C", "D"), column(rows, LeaderboardResponse.Row::framework));
        assertEquals(List.of(1, 1, 2, 1), column(rows, r -> r.place().rank()));
        assertEquals(List.of(4, 3, 4, 4), column(rows, r -> r.place().rankHigh()));
    }

    @Test
    void rank_by_memory_puts_the_fewest_mb_per_thousand_requests_per_second_first() {
        List<CellRow> cells = List.of(
                cell(1, RUN, NOW, "A", 64, 120_000, 119_000, 121_000, 1, 0, memory(figure(4.0, 3.9, 4.1))),
                cell(2, RUN, NOW, "B", 64, 110_000, 109_000, 111_000, 1, 0, memory(figure(0.2, 0.19, 0.21))),
                cell(3, RUN, NOW, "C", 64, 130_000, 129_000, 131_000, 1, 0));
        List<LeaderboardResponse.Row> rows = LeaderboardRanking.rows(cells, Map.of(), 200, "memory");
        assertEquals(List.of("B", "A", "C"), column(rows, LeaderboardResponse.Row::framework));
        assertEquals(List.of("memory", "memory", "memory"), column(rows, LeaderboardResponse.Row::rankedBy));
    }

    @Test
    void scaling_efficiency_is_throughput_over_k_times_the_one_vcpu_throughput() {
        // T(1) = 100,000, T(2) = 180,000, T(4) = 300,000: E(2) = 0.9, E(4) = 0.75
        assertEquals(1.0, ScalingResource.efficiency(100_000, 1, 100_000.0, 3), 1e-12);
        assertEquals(0.9, ScalingResource.efficiency(180_000, 2, 100_000.0, 3), 1e-12);
        assertEquals(0.75, ScalingResource.efficiency(300_000, 4, 100_000.0, 3), 1e-12);
        assertNull(ScalingResource.efficiency(300_000, 4, null, 3));
        assertNull(ScalingResource.efficiency(100_000, 1, 100_000.0, 1), "one vCPU count is no scaling: not 100%");
    }
}
