package dev.podium.leaderboard;

import dev.podium.common.RoutePageCheck;
import dev.podium.common.RunSchema;
import dev.podium.common.SitePageCheck;
import dev.podium.hostsettings.HostSettingsDifferences;
import dev.podium.read.CellQueries;
import dev.podium.read.CellRow;
import dev.podium.rounds.RoundFigures;
import dev.podium.segment.Segments;
import dev.podium.topology.Topology;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import lombok.RequiredArgsConstructor;

/**
 * Builds the leaderboard from stored cell statistics (nothing is recomputed from repeats at read time). The database
 * picks each target's most recent matching run and the pickers' values from newest_runs (the newest run of every
 * series, CellQueries#selectNewest); only the cells of those runs are read.
 */
@ApplicationScoped
@RequiredArgsConstructor
public class LeaderboardService {

    private static final String NEWEST_FIRST =
            "order by c.framework, c.io_model, c.topology, r.started_at desc, r.received_at desc, r.id desc";

    /** Board figures: pooled over each series' current segment (default), or the newest run alone. */
    public static final java.util.Set<String> BASES = java.util.Set.of("segment", "latest");

    private final CellQueries queries;
    private final Segments segments;
    private final HostSettingsDifferences hostSettings;
    private final RoundFigures roundFigures;

    /** The newest run of each target alone: what the migration calculator compares. */
    public LeaderboardResponse leaderboard(LeaderboardQuery q) {
        return leaderboard(q, "latest");
    }

    public LeaderboardResponse leaderboard(LeaderboardQuery q, String basis) {
        List<String> hostClasses = queries.hostClasses(q.scenario(), q.loadModel());
        String hostClass = q.hostClass() != null ? q.hostClass() : queries.latestHostClass(q.scenario(), q.loadModel());
        List<Integer> vcpusAvailable = hostClass == null
                ? List.of()
                : queries.distinctNewest(
                        "c.vcpus",
                        // the vCPU counts of the topology asked for: a count measured scaled out only is no
                        // single-instance board (the default board stays where it was before scale-out)
                        scenarioWhere(q).and("r.host_class = ?", hostClass).and("c.topology = ?", q.topologyOrNull()),
                        rs -> rs.getInt(1));
        Integer vcpus = q.vcpus() != null
                ? q.vcpus()
                : vcpusAvailable.isEmpty() ? null : vcpusAvailable.get(vcpusAvailable.size() - 1);
        if (hostClass == null || vcpus == null) {
            LeaderboardResponse.Available none = new LeaderboardResponse.Available(
                    hostClasses,
                    vcpusAvailable,
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of(),
                    List.of());
            return answer(q, basis, hostClass, vcpus, none, null, List.of(), List.of(), List.of());
        }
        LeaderboardResponse.Available available = queries.selectNewest(
                        "array_agg(distinct r.jvm_vendor),"
                                + " array_agg(distinct r.jvm_major), array_agg(distinct c.framework) filter (where not c.baseline),"
                                + " array_agg(distinct c.io_model) filter (where not c.baseline), array_agg(distinct c.connections),"
                                + " array_agg(distinct c.classification) filter (where not c.baseline),"
                                + " array_agg(distinct c.topology) filter (where not c.baseline)",
                        comparable(q, hostClass, vcpus),
                        "",
                        rs -> new LeaderboardResponse.Available(
                                hostClasses,
                                vcpusAvailable,
                                list(rs, 1, String.class),
                                list(rs, 2, Integer.class),
                                list(rs, 3, String.class),
                                list(rs, 4, String.class),
                                list(rs, 5, Integer.class),
                                list(rs, 6, String.class),
                                Topology.sorted(list(rs, 7, String.class))))
                .get(0);

        // each target's most recent run among the matching ones, then only those runs' cells
        UUID[] latest = queries
                .selectNewest(
                        "distinct on (c.framework, c.io_model, c.topology) c.run_id",
                        q.cells()
                                .targets(matching(q, hostClass, vcpus))
                                .andAlways("not c.baseline")
                                .and("c.topology = ?", q.topologyOrNull()),
                        NEWEST_FIRST,
                        rs -> rs.getObject(1, UUID.class))
                .stream()
                .distinct()
                .toArray(UUID[]::new);
        // the board's baseline: the nginx baseline deployed as the rows are (single unless one nginx-N is asked for)
        String baselineTopology = q.topologyOrNull() == null ? Topology.SINGLE : q.topologyOrNull();
        List<UUID> newestBaselineRun = queries.selectNewest(
                "c.run_id",
                matching(q, hostClass, vcpus).andAlways("c.baseline").and("c.topology = ?", baselineTopology),
                "order by r.started_at desc, r.received_at desc, r.id desc limit 1",
                rs -> rs.getObject(1, UUID.class));
        UUID[] runs = newestBaselineRun.isEmpty() || Arrays.asList(latest).contains(newestBaselineRun.get(0))
                ? latest
                : appended(latest, newestBaselineRun.get(0));
        List<CellRow> cells = runs.length == 0
                ? List.of()
                : queries.cells(matching(q, hostClass, vcpus).andAlways("c.run_id = any (?)", (Object) runs));

        // topology -> run -> its baseline's best throughput: a row's share is against the baseline of its own topology
        Map<String, Map<UUID, Double>> baselineBest = new HashMap<>();
        List<CellRow> targets = new ArrayList<>();
        java.util.function.Predicate<CellRow> picked = q.cells().picker();
        for (CellRow c : cells) {
            if (c.cell().baseline()) {
                baselineBest
                        .computeIfAbsent(c.cell().topology(), k -> new HashMap<>())
                        .merge(c.runId(), c.throughput(), Math::max);
            } else if (picked.test(c)
                    && (q.topologyOrNull() == null
                            || q.topologyOrNull().equals(c.cell().topology()))) {
                targets.add(c); // LeaderboardRanking keeps each target's cells of its newest run only
            }
        }
        Segments.Pooled pooled = basis.equals("segment")
                ? segments.pool(targets, q.excludeRevoked())
                : new Segments.Pooled(targets, List.of());
        LeaderboardResponse.Baseline baseline = newestBaselineRun.isEmpty()
                ? null
                : new LeaderboardResponse.Baseline(
                        cells.stream()
                                .filter(c -> c.cell().baseline() && c.runId().equals(newestBaselineRun.get(0)))
                                .findFirst()
                                .map(r -> r.cell().framework())
                                .orElse(null),
                        baselineBest.getOrDefault(baselineTopology, Map.of()).get(newestBaselineRun.get(0)),
                        newestBaselineRun.get(0));
        // each topology's rows against its own baselines, then ranked together
        Map<String, List<CellRow>> byTopology = new LinkedHashMap<>();
        pooled.cells()
                .forEach(c -> byTopology
                        .computeIfAbsent(c.cell().topology(), k -> new ArrayList<>())
                        .add(c));
        Map<Long, Integer> runsPooled = new HashMap<>();
        pooled.segments().forEach(s -> runsPooled.put(s.cellId(), s.runs()));
        // the JVM starts of cells measured in interleaved rounds, which the comparison engine pairs by round
        Map<Long, Map<Integer, Double>> rounds =
                roundFigures.byCell(pooled.cells().stream().map(CellRow::id).toList());
        List<LeaderboardResponse.Row> unranked = new ArrayList<>();
        byTopology.forEach((topology, topologyCells) -> unranked.addAll(LeaderboardRanking.unranked(
                topologyCells, baselineBest.getOrDefault(topology, Map.of()), q.sla(), runsPooled, rounds)));
        List<LeaderboardResponse.Row> rows = LeaderboardRanking.rank(unranked, q.rank(), q.includeFlagged());
        Map<UUID, List<String>> shownFrom = new LinkedHashMap<>();
        rows.forEach(r -> shownFrom
                .computeIfAbsent(r.runId(), k -> new ArrayList<>())
                .add(dev.podium.topology.Topology.label(r.framework(), r.topology()) + " (" + r.ioModel() + ")"));
        if (baseline != null && !rows.isEmpty()) {
            shownFrom
                    .computeIfAbsent(baseline.runId(), k -> new ArrayList<>())
                    .add(baseline.framework() + " (baseline)");
        }
        return answer(
                q,
                basis,
                hostClass,
                vcpus,
                available,
                baseline,
                rows,
                pooled.segments(),
                hostSettings.among(shownFrom));
    }

    /** The board found, with the query's scenario, load model, SLA, rank, flagged and topology. */
    private static LeaderboardResponse answer(
            LeaderboardQuery q,
            String basis,
            String hostClass,
            Integer vcpus,
            LeaderboardResponse.Available available,
            LeaderboardResponse.Baseline baseline,
            List<LeaderboardResponse.Row> rows,
            List<dev.podium.segment.Segment> segments,
            List<dev.podium.hostsettings.SettingDifference> hostSettingsDiffer) {
        return new LeaderboardResponse(
                q.scenario(),
                q.loadModel(),
                q.sla(),
                q.rank(),
                hostClass,
                vcpus,
                available,
                baseline,
                rows,
                basis,
                segments,
                flagged(q),
                hostSettingsDiffer,
                q.topology());
    }

    private static String flagged(LeaderboardQuery q) {
        return q.includeFlagged() ? "include" : "exclude";
    }

    /** Comparable results: the scenario and load model on one host class and vCPU count. */
    private static CellQueries.Where comparable(LeaderboardQuery q, String hostClass, int vcpus) {
        return scenarioWhere(q).and("r.host_class = ?", hostClass).and("c.vcpus = ?", vcpus);
    }

    /**
     * The comparable cells that pass every cell filter but those picking targets (connections, the run filters of JVM
     * and date range, and any other read's CellFilter adds).
     */
    private static CellQueries.Where matching(LeaderboardQuery q, String hostClass, int vcpus) {
        CellQueries.Where where = q.cells().on(hostClass, vcpus).group();
        return q.excludeRevoked() ? where.andAlways("not " + CellQueries.AGENT_REVOKED) : where;
    }

    private static CellQueries.Where scenarioWhere(LeaderboardQuery q) {
        return new CellQueries.Where().and("c.scenario = ?", q.scenario()).and("c.load_model = ?", q.loadModel());
    }

    private static UUID[] appended(UUID[] ids, UUID id) {
        UUID[] all = Arrays.copyOf(ids, ids.length + 1);
        all[ids.length] = id;
        return all;
    }

    /** A SQL array column as a sorted list (empty for null: no rows). */
    private static <T extends Comparable<T>> List<T> list(ResultSet rs, int column, Class<T> type) throws SQLException {
        Array array = rs.getArray(column);
        if (array == null) {
            return List.of();
        }
        List<T> values = new ArrayList<>();
        for (Object o : (Object[]) array.getArray()) {
            if (o != null) {
                values.add(type.cast(o));
            }
        }
        values.sort(null);
        return values;
    }

    /**
     * /leaderboard/:scenario of no scenario of the run schema (nor the composite board, frontend LeaderboardView, a page
     * beside the scenarios' own) answers 404; a scenario nobody measured yet is a page, which says so.
     */
    @Produces
    @Singleton
    static SitePageCheck page() {
        return new RoutePageCheck("leaderboard", params -> {
            String scenario = params.get("scenario");
            return RunSchema.SCENARIOS.contains(scenario) || "composite".equals(scenario);
        });
    }
}
