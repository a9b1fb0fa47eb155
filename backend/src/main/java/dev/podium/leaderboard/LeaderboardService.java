package dev.podium.leaderboard;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Builds the leaderboard from stored cell statistics (nothing is recomputed from repeats at read time). */
@ApplicationScoped
public class LeaderboardService {

    @Inject
    CellQueries queries;

    public LeaderboardResponse leaderboard(LeaderboardQuery q) {
        String hostClass = q.hostClass() != null ? q.hostClass() : queries.latestHostClass(q.scenario(), q.loadModel());
        List<String> hostClasses = queries.distinct("r.host_class", scenarioWhere(q), rs -> rs.getString(1));
        if (hostClass == null) {
            return new LeaderboardResponse(q.scenario(), q.loadModel(), q.sla(), null, q.vcpus(),
                    new LeaderboardResponse.Available(hostClasses, List.of(), List.of(), List.of(), List.of(), List.of(),
                            List.of()), null, List.of());
        }
        List<Integer> vcpusAvailable = queries.distinct("c.vcpus", scenarioWhere(q).and("r.host_class = ?", hostClass),
                rs -> rs.getInt(1));
        Integer vcpus = q.vcpus() != null ? q.vcpus()
                : vcpusAvailable.isEmpty() ? null : vcpusAvailable.get(vcpusAvailable.size() - 1);
        CellQueries.Where comparable = scenarioWhere(q).and("r.host_class = ?", hostClass).and("c.vcpus = ?", vcpus);
        LeaderboardResponse.Available available = new LeaderboardResponse.Available(hostClasses, vcpusAvailable,
                queries.distinct("r.jvm_vendor", comparable, rs -> rs.getString(1)),
                queries.distinct("r.jvm_major", comparable, rs -> rs.getInt(1)),
                queries.distinct("c.framework", scenarioWhere(q).and("r.host_class = ?", hostClass)
                        .and("c.vcpus = ?", vcpus).andAlways("not c.baseline"), rs -> rs.getString(1)),
                queries.distinct("c.io_model", scenarioWhere(q).and("r.host_class = ?", hostClass)
                        .and("c.vcpus = ?", vcpus).andAlways("not c.baseline"), rs -> rs.getString(1)),
                queries.distinct("c.connections", comparable, rs -> rs.getInt(1)));

        List<CellRow> cells = queries.cells(scenarioWhere(q).and("r.host_class = ?", hostClass).and("c.vcpus = ?", vcpus)
                .and("r.jvm_vendor = ?", q.jvmVendor()).and("r.jvm_major = ?", q.jvmMajor())
                .and("c.connections = ?", q.connections()).and("r.started_at >= ?", q.from())
                .and("r.started_at < ?", q.to()));
        Map<UUID, Double> baselineBest = new HashMap<>();
        CellRow newestBaseline = null;
        List<CellRow> targets = new java.util.ArrayList<>();
        for (CellRow c : cells) {
            if (c.baseline()) {
                baselineBest.merge(c.runId(), c.throughput(), Math::max);
                if (newestBaseline == null || CellRow.newestFirst(c, newestBaseline) < 0) {
                    newestBaseline = c;
                }
            } else if ((q.framework() == null || q.framework().equals(c.framework()))
                    && (q.ioModel() == null || q.ioModel().equals(c.ioModel()))) {
                targets.add(c);
            }
        }
        LeaderboardResponse.Baseline baseline = newestBaseline == null ? null : new LeaderboardResponse.Baseline(
                newestBaseline.framework(), baselineBest.get(newestBaseline.runId()), newestBaseline.runId());
        return new LeaderboardResponse(q.scenario(), q.loadModel(), q.sla(), hostClass, vcpus, available, baseline,
                LeaderboardRanking.rows(targets, baselineBest, q.sla()));
    }

    private static CellQueries.Where scenarioWhere(LeaderboardQuery q) {
        return new CellQueries.Where().and("c.scenario = ?", q.scenario()).and("c.load_model = ?", q.loadModel());
    }
}
