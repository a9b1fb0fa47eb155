package dev.podium.badge;

import dev.podium.changes.ChangeQueries;
import dev.podium.changes.ChangeView;
import dev.podium.framework.FrameworkPages;
import dev.podium.leaderboard.LeaderboardResponse;
import dev.podium.read.CellFilter;
import dev.podium.read.QueryParams;
import dev.podium.read.SeriesKey;
import dev.podium.replica.ReplicaRead;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Locale;
import lombok.RequiredArgsConstructor;

/**
 * A framework's badge in one scenario: its best row on the scenario's leaderboard (closed loop, the default host class
 * and vCPUs, as the site opens it): rank of all rows, the figure with its 95% interval as ±% and the JVM starts it spans
 * ("(one start)", "(3 starts)"; the SVG's title says what that means), and the direction of the
 * newest throughput change point of that row's series (↑, ↓; → when none was found). A framework whose rows are all
 * kept out of the ranking by quality flags gets a grey badge saying "unranked (flagged ...)" with its figure.
 */
@ApplicationScoped
@RequiredArgsConstructor
public class Badges {

    private final FrameworkPages pages;
    private final ChangeQueries changes;

    /** The badge, or one saying what is unknown ({@code found} false). Blocking; one read, on the replica if any. */
    @ReplicaRead
    public Result badge(String slug, String scenario) {
        String framework = pages.framework(slug);
        if (framework == null) {
            return Result.unknown("podium", "unknown framework " + slug);
        }
        String label = framework + " " + scenario;
        if (!QueryParams.SCENARIOS.contains(scenario)) {
            return Result.unknown(framework, "unknown scenario " + scenario);
        }
        LeaderboardResponse board = pages.board(scenario);
        List<LeaderboardResponse.Row> rows = board.rows();
        LeaderboardResponse.Row best = rows.stream()
                .filter(r -> r.framework().equals(framework))
                .findFirst()
                .orElse(null);
        if (best == null) {
            return Result.unknown(label, "not measured");
        }
        double value = best.rankedThroughput();
        StringBuilder message = new StringBuilder();
        if (!best.place().ranked()) {
            // every row of this framework is kept out of the ranking by a quality flag: the badge says which, not a
            // rank
            List<String> why = best.excludedBy().isEmpty() ? best.flags() : best.excludedBy();
            message.append("unranked (")
                    .append(why.isEmpty() ? "flagged" : "flagged " + String.join(", ", why))
                    .append(")");
        } else {
            // the rank range of the comparison engine: "rank 2" when decided, "rank 2-5" when not (never "#1 (tie)")
            message.append("rank ").append(best.place().label()).append(" of ").append(rows.size());
        }
        message.append(" · ")
                .append(best.atLeast() ? "≥" : "")
                .append(compact(value))
                .append(" req/s");
        String spans = "";
        if (best.ciLow() != null && best.ciHigh() != null && value > 0) {
            // the interval is on the log scale, so not symmetric: down to low, up to high
            String pm = String.format(
                    Locale.ROOT,
                    "-%.1f%%/+%.1f%%",
                    (value - best.ciLow()) / value * 100,
                    (best.ciHigh() - value) / value * 100);
            message.append(" ").append(pm).append(best.forks() > 1 ? " (" + best.forks() + " starts)" : " (one start)");
            spans = ". " + pm + " is its 95% interval "
                    + (best.forks() > 1
                            ? "over " + best.forks() + " JVM starts: the noise between starts is in it"
                            : "over the repeats of one JVM start: the noise between starts is not in it");
        }
        message.append(" ").append(trend(framework, best, board));
        // coloured by the worst rank of its range: bright green only for a row decided first
        String color = !best.place().ranked() ? "lightgrey" : color(best.place().rankHigh(), rows.size());
        String text = message.toString();
        return new Result(true, new Badge(label, text, color, label + ": " + text + spans));
    }

    /** found: a measured framework and scenario (200), else the badge says what is unknown (404). */
    public record Result(boolean found, Badge badge) {
        static Result unknown(String label, String message) {
            return new Result(false, new Badge(label, message, "lightgrey"));
        }
    }

    private String trend(String framework, LeaderboardResponse.Row row, LeaderboardResponse board) {
        int connections = row.slaConnections() != null ? row.slaConnections() : row.bestConnections();
        CellFilter series = CellFilter.of(new SeriesKey(
                board.hostClass(),
                board.vcpus(),
                framework,
                row.ioModel(),
                board.scenario(),
                board.loadModel(),
                connections,
                null,
                null,
                null));
        List<ChangeView> newest = changes.list(new ChangeQueries.Filter(series.whereUnprefixed(), "throughput", 1));
        if (newest.isEmpty()) {
            return "→";
        }
        return newest.get(0).effectPercent() > 0 ? "↑" : "↓";
    }

    /** Top of the board bright green, first quarter green, first half yellow-green, the rest blue. */
    static String color(int rank, int of) {
        if (rank == 1) {
            return "brightgreen";
        }
        return rank * 4 <= of ? "green" : rank * 2 <= of ? "yellowgreen" : "blue";
    }

    /** Three significant digits with k or M: 78836.8 -> 78.8k, 111889.7 -> 112k, 950 -> 950. */
    static String compact(double v) {
        if (v < 1000) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        double scaled = v >= 999_500 ? v / 1e6 : v / 1e3;
        String unit = v >= 999_500 ? "M" : "k";
        String digits = scaled >= 99.95 ? "%.0f" : scaled >= 9.995 ? "%.1f" : "%.2f";
        return String.format(Locale.ROOT, digits, scaled) + unit;
    }
}
