package dev.podium.leaderboard;

import dev.podium.read.QueryParams;
import dev.podium.read.ReadProblems;
import java.time.OffsetDateTime;
import java.util.Set;

/** The leaderboard's filters, validated (read-api.md "Leaderboard"). */
public record LeaderboardQuery(
        String scenario,
        String loadModel,
        String hostClass,
        Integer vcpus,
        String jvmVendor,
        Integer jvmMajor,
        String ioModel,
        String framework,
        Integer connections,
        OffsetDateTime from,
        OffsetDateTime to,
        double sla,
        String rank,
        String classification,
        boolean includeFlagged,
        boolean excludeRevoked,
        String topology) {

    public static final double DEFAULT_SLA_MS = 200;

    /** The targets of one topology, or every topology when the filter is all. */
    public String topologyOrNull() {
        return dev.podium.topology.Topology.ALL.equals(topology) ? null : topology;
    }
    /** revoked=include (default: a revoked agent's rows are shown, marked) or exclude (left out, and not pooled). */
    public static final Set<String> REVOKED = Set.of("include", "exclude");
    /** What rows are ordered by: throughput (SLA throughput), cpu (requests per CPU-second), memory (MB per 1,000 req/s). */
    public static final Set<String> RANKS = Set.of("throughput", "cpu", "memory");
    /** A target's kind as suite.json records it. */
    public static final Set<String> CLASSIFICATIONS = Set.of("bare-server", "micro", "full-stack");

    /**
     * One comparable group's board with no other filter, ranked by throughput: what other views build on. Single
     * instances only: what builds on it (calculator, badges, snapshots) never mixes topologies.
     */
    public static LeaderboardQuery of(
            String scenario, String loadModel, String hostClass, Integer vcpus, double sla, boolean includeFlagged) {
        return new LeaderboardQuery(
                scenario,
                loadModel,
                hostClass,
                vcpus,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                sla,
                "throughput",
                null,
                includeFlagged,
                false,
                dev.podium.topology.Topology.SINGLE);
    }

    /** The board {@code /api/leaderboard?scenario=x} answers: every other parameter at its default. */
    public static LeaderboardQuery defaults(String scenario) {
        return of(scenario, "closed", null, null, DEFAULT_SLA_MS, false);
    }

    public static LeaderboardQuery from(QueryParams q) {
        LeaderboardQuery query = new LeaderboardQuery(
                q.scenario(),
                q.oneOf("loadModel", QueryParams.LOAD_MODELS, "closed"),
                q.text("hostClass"),
                q.positiveInt("vcpus", null),
                q.text("jvmVendor"),
                q.positiveInt("jvmMajor", null),
                q.oneOf("ioModel", QueryParams.IO_MODELS, null),
                q.text("framework"),
                q.positiveInt("connections", null),
                q.instant("from", false),
                q.instant("to", true),
                q.positiveNumber("sla", DEFAULT_SLA_MS),
                q.oneOf("rank", RANKS, "throughput"),
                q.oneOf("classification", CLASSIFICATIONS, null),
                "include".equals(q.oneOf("flagged", dev.podium.quality.QualityFlags.CHOICES, "exclude")),
                "exclude".equals(q.oneOf("revoked", REVOKED, "include")),
                q.topology("topology", dev.podium.topology.Topology.SINGLE, true));
        if (query.from() != null && query.to() != null && query.to().isBefore(query.from())) {
            throw ReadProblems.badParameter("to", "'to' is before 'from'");
        }
        return query;
    }
}
