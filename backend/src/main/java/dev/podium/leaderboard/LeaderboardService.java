package dev.podium.leaderboard;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Function;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Builds the leaderboard from stored cell statistics (nothing is recomputed from repeats at read time): one query
 * reads the comparable cells (scenario, load model, host class, vCPUs); the pickers' values and the other filters
 * are worked out from them in memory.
 */
@ApplicationScoped
public class LeaderboardService {

    @Inject
    CellQueries queries;

    public LeaderboardResponse leaderboard(LeaderboardQuery q) {
        List<String> hostClasses = queries.hostClasses(q.scenario(), q.loadModel());
        String hostClass = q.hostClass() != null ? q.hostClass() : queries.latestHostClass(q.scenario(), q.loadModel());
        List<Integer> vcpusAvailable = hostClass == null ? List.of() : queries.distinct("c.vcpus",
                scenarioWhere(q).and("r.host_class = ?", hostClass), rs -> rs.getInt(1));
        Integer vcpus = q.vcpus() != null ? q.vcpus()
                : vcpusAvailable.isEmpty() ? null : vcpusAvailable.get(vcpusAvailable.size() - 1);
        if (hostClass == null || vcpus == null) {
            return new LeaderboardResponse(q.scenario(), q.loadModel(), q.sla(), hostClass, vcpus,
                    new LeaderboardResponse.Available(hostClasses, vcpusAvailable, List.of(), List.of(), List.of(),
                            List.of(), List.of()), null, List.of());
        }
        List<CellRow> comparable = queries.cells(scenarioWhere(q).and("r.host_class = ?", hostClass).and("c.vcpus = ?", vcpus));
        List<CellRow> targets = comparable.stream().filter(c -> !c.baseline()).toList();
        LeaderboardResponse.Available available = new LeaderboardResponse.Available(hostClasses, vcpusAvailable,
                sorted(comparable, CellRow::jvmVendor), sorted(comparable, CellRow::jvmMajor),
                sorted(targets, CellRow::framework), sorted(targets, CellRow::ioModel),
                sorted(comparable, CellRow::connections));

        Map<UUID, Double> baselineBest = new HashMap<>();
        CellRow newestBaseline = null;
        List<CellRow> matching = new ArrayList<>();
        for (CellRow c : comparable) {
            if (!runMatches(c, q) || (q.connections() != null && c.connections() != q.connections())) {
                continue;
            }
            if (c.baseline()) {
                baselineBest.merge(c.runId(), c.throughput(), Math::max);
                if (newestBaseline == null || CellRow.newestFirst(c, newestBaseline) < 0) {
                    newestBaseline = c;
                }
            } else if ((q.framework() == null || q.framework().equals(c.framework()))
                    && (q.ioModel() == null || q.ioModel().equals(c.ioModel()))) {
                matching.add(c);
            }
        }
        LeaderboardResponse.Baseline baseline = newestBaseline == null ? null : new LeaderboardResponse.Baseline(
                newestBaseline.framework(), baselineBest.get(newestBaseline.runId()), newestBaseline.runId());
        return new LeaderboardResponse(q.scenario(), q.loadModel(), q.sla(), hostClass, vcpus, available, baseline,
                LeaderboardRanking.rows(matching, baselineBest, q.sla()));
    }

    /** The run-level filters: JVM vendor and major version, startedAt in [from, to). */
    private static boolean runMatches(CellRow c, LeaderboardQuery q) {
        return (q.jvmVendor() == null || q.jvmVendor().equals(c.jvmVendor()))
                && (q.jvmMajor() == null || q.jvmMajor() == c.jvmMajor())
                && (q.from() == null || !c.startedAt().isBefore(q.from()))
                && (q.to() == null || c.startedAt().isBefore(q.to()));
    }

    private static <T extends Comparable<T>> List<T> sorted(List<CellRow> cells, Function<CellRow, T> value) {
        TreeSet<T> set = new TreeSet<>();
        cells.forEach(c -> set.add(value.apply(c)));
        return List.copyOf(set);
    }

    private static CellQueries.Where scenarioWhere(LeaderboardQuery q) {
        return new CellQueries.Where().and("c.scenario = ?", q.scenario()).and("c.load_model = ?", q.loadModel());
    }
}
