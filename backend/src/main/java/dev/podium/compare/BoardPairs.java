package dev.podium.compare;

import dev.podium.leaderboard.LeaderboardQuery;
import dev.podium.leaderboard.LeaderboardRanking;
import dev.podium.leaderboard.LeaderboardResponse;
import dev.podium.leaderboard.LeaderboardService;
import dev.podium.quality.QualityFlags;
import dev.podium.read.CellRow;
import dev.podium.verdict.CellEvidence;
import dev.podium.verdict.Evidence;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Locale;
import lombok.RequiredArgsConstructor;

/**
 * Finds the leaderboard two cells are rows of, the one the site shows for the first cell's scenario, load model, host
 * class and vCPUs (segment basis, single instances), so that compare gives the board's verdict on the pair, not one of
 * its own (methodology section 10).
 */
@ApplicationScoped
@RequiredArgsConstructor
public class BoardPairs {

    private final LeaderboardService leaderboards;

    /** A pair on a board: b against a as the board judges it, both rows, and the board in words. */
    public record BoardPair(
            dev.podium.verdict.Verdict verdict, LeaderboardResponse.Row a, LeaderboardResponse.Row b, String board) {}

    /** The board's verdict on b against a, or null when the two are not both ranked rows of that board. */
    public BoardPair find(CellRow a, CellRow b) {
        if (a.cell().baseline() || b.cell().baseline() || a.id() == b.id()) {
            return null;
        }
        LeaderboardResponse board = leaderboards.leaderboard(
                LeaderboardQuery.of(
                        a.cell().scenario(),
                        a.cell().loadModel(),
                        a.hostClass(),
                        a.cell().vcpus(),
                        LeaderboardQuery.DEFAULT_SLA_MS,
                        false),
                "segment");
        List<LeaderboardResponse.Row> ranked =
                board.rows().stream().filter(r -> r.place().ranked()).toList();
        int i = indexOf(ranked, a.id());
        int j = indexOf(ranked, b.id());
        if (i < 0 || j < 0) {
            return null;
        }
        dev.podium.verdict.Verdict verdict =
                LeaderboardRanking.verdict(board.rows(), board.rank(), ranked.get(i), ranked.get(j));
        if (verdict == null) {
            return null;
        }
        String words = String.format(
                Locale.ROOT,
                "the %s leaderboard (%s loop, %s, %d vCPU%s): %d ranked rows, every pair judged at once",
                board.scenario(),
                board.loadModel(),
                board.hostClass(),
                board.vcpus(),
                board.vcpus() == 1 ? "" : "s",
                ranked.size());
        return new BoardPair(verdict, ranked.get(i), ranked.get(j), words);
    }

    private static int indexOf(List<LeaderboardResponse.Row> rows, long cellId) {
        for (int i = 0; i < rows.size(); i++) {
            LeaderboardResponse.Row r = rows.get(i);
            Long shown = r.slaCellId() != null ? r.slaCellId() : r.bestCellId();
            if (shown != null && shown == cellId) {
                return i;
            }
        }
        return -1;
    }

    /** A cell alone as the engine judges it: its figure and interval, over its JVM starts when it has several. */
    static Evidence evidence(CellRow c) {
        return CellEvidence.of(c.stats(), c.throughput(), QualityFlags.lowerBound(c.shownFlags()), c.runId());
    }
}
