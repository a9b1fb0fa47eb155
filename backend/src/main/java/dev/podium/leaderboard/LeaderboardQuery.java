package dev.podium.leaderboard;

import dev.podium.read.CellFilter;
import dev.podium.read.QueryParams;
import dev.podium.read.SeriesKey;
import java.util.Set;

/**
 * The leaderboard's filters, validated (read-api.md "Leaderboard"): the cell filters every read endpoint shares
 * ({@code cells}, scenario and load model always given; the JVM, date and classification filters among them), then
 * the leaderboard's own. Its text is the board's cache key.
 */
public record LeaderboardQuery(
        CellFilter cells, double sla, String rank, boolean includeFlagged, boolean excludeRevoked, String topology) {

    public static final double DEFAULT_SLA_MS = 200;

    /** The targets of one topology, or every topology when the filter is all. */
    public String topologyOrNull() {
        return dev.podium.topology.Topology.ALL.equals(topology) ? null : topology;
    }

    public String scenario() {
        return cells.scenario();
    }

    public String loadModel() {
        return cells.loadModel();
    }

    /** The host class asked for; null: the most recent run's. */
    public String hostClass() {
        return cells.hostClass();
    }

    /** The vCPU count asked for; null: the largest measured on the host class. */
    public Integer vcpus() {
        return cells.vcpus();
    }

    /** revoked=include (default: a revoked agent's rows are shown, marked) or exclude (left out, and not pooled). */
    public static final Set<String> REVOKED = Set.of("include", "exclude");
    /** What rows are ordered by: throughput (SLA throughput), cpu (requests per CPU-second), memory (MB per 1,000 req/s). */
    public static final Set<String> RANKS = Set.of("throughput", "cpu", "memory");

    /**
     * One comparable group's board with no other filter, ranked by throughput: what other views build on. Single
     * instances only: what builds on it (calculator, badges, snapshots) never mixes topologies.
     */
    public static LeaderboardQuery of(
            String scenario, String loadModel, String hostClass, Integer vcpus, double sla, boolean includeFlagged) {
        SeriesKey group = new SeriesKey(hostClass, vcpus, null, null, scenario, loadModel, null, null, null, null);
        return of(CellFilter.of(group), sla, includeFlagged);
    }

    /** {@link #of(String, String, String, Integer, double, boolean)} of cell filters (scenario and load model given). */
    public static LeaderboardQuery of(CellFilter cells, double sla, boolean includeFlagged) {
        return new LeaderboardQuery(
                cells.check(), sla, "throughput", includeFlagged, false, dev.podium.topology.Topology.SINGLE);
    }

    /** The board {@code /api/leaderboard?scenario=x} answers: every other parameter at its default. */
    public static LeaderboardQuery defaults(String scenario) {
        return of(scenario, "closed", null, null, DEFAULT_SLA_MS, false);
    }

    /** The request's filters, each checked with its field named (400); scenario required, load model closed by default. */
    public static LeaderboardQuery from(CellFilter cells, LeaderboardParams p) {
        return new LeaderboardQuery(
                cells.require("scenario").loadModelOr("closed").check(),
                QueryParams.parsePositiveNumber("sla", p.sla, DEFAULT_SLA_MS),
                or(QueryParams.parseOneOf("rank", p.rank, RANKS), "throughput"),
                "include".equals(QueryParams.parseOneOf("flagged", p.flagged, dev.podium.quality.QualityFlags.CHOICES)),
                "exclude".equals(QueryParams.parseOneOf("revoked", p.revoked, REVOKED)),
                QueryParams.parseTopology("topology", p.topology, dev.podium.topology.Topology.SINGLE, true));
    }

    private static String or(String value, String fallback) {
        return value == null ? fallback : value;
    }
}
