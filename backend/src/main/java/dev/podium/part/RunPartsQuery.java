package dev.podium.part;

import dev.podium.common.ProblemException;
import dev.podium.replica.Replica;
import dev.podium.run.Run;
import dev.podium.run.RunPart;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import lombok.RequiredArgsConstructor;

/** The parts of a run read back as one run: its parts, the targets planned, done, failed and not measured. */
@ApplicationScoped
@RequiredArgsConstructor
public class RunPartsQuery {

    private final Replica replica;

    /** The run that id is a part of (or the run's own id, or a whole run's id) with all its parts. */
    public RunPartsView view(UUID id) {
        EntityManager em = replica.entityManager(); // the replica's inside GET /api/runs/{id}/parts, else the primary's
        UUID of = em.createQuery("select p.partOf from RunPart p where p.runId = :id or p.partOf = :id", UUID.class)
                .setParameter("id", id)
                .setMaxResults(1)
                .getResultStream()
                .findFirst()
                .orElse(null);
        if (of == null) {
            if (em.find(Run.class, id) == null) {
                throw ProblemException.notFound("no run " + id);
            }
            return new RunPartsView(id, false, "complete", List.of(), List.of(), List.of(), List.of(), List.of());
        }
        List<Object[]> rows =
                em.createQuery("""
                        select p, r.receivedAt, r.finishedAt, (select count(c) from Cell c where c.run.id = p.runId)
                        from RunPart p, Run r where r.id = p.runId and p.partOf = :of order by p.partIndex""", Object[].class).setParameter("of", of).getResultList();
        List<RunPartsView.PartEntry> parts = new ArrayList<>();
        Map<String, RunPartsView.PartTarget> kept = new LinkedHashMap<>();
        List<Map<String, Object>> planned = List.of();
        for (Object[] row : rows) {
            RunPart p = (RunPart) row[0];
            List<RunPartsView.PartTarget> targets =
                    p.targets.stream().map(RunPartsQuery::target).toList();
            parts.add(new RunPartsView.PartEntry(
                    p.runId, p.partIndex, (Instant) row[1], (Instant) row[2], ((Number) row[3]).longValue(), targets));
            for (int i = 0; i < targets.size(); i++) {
                kept.putIfAbsent(RunPart.slot(p.targets.get(i)), targets.get(i));
            }
            planned = p.planned; // every part has the run's plan; the latest is kept
        }
        List<RunPartsView.PartTarget> plan = new ArrayList<>();
        List<RunPartsView.PartTarget> done = new ArrayList<>();
        List<RunPartsView.PartTarget> failed = new ArrayList<>();
        List<RunPartsView.PartTarget> notMeasured = new ArrayList<>();
        for (Map<String, Object> slot : planned) {
            RunPartsView.PartTarget t = target(slot);
            plan.add(t);
            RunPartsView.PartTarget k = kept.get(RunPart.slot(slot));
            if (k == null) {
                notMeasured.add(t);
            } else if ("failed".equals(k.status())) {
                failed.add(k);
            } else {
                done.add(k);
            }
        }
        String status = notMeasured.isEmpty() ? "complete" : "interrupted";
        return new RunPartsView(of, true, status, parts, plan, done, failed, notMeasured);
    }

    private static RunPartsView.PartTarget target(Map<String, Object> t) {
        return new RunPartsView.PartTarget(
                (String) t.get("target"),
                ((Number) t.get("vcpus")).intValue(),
                (String) t.get("topology"),
                (String) t.get("status"),
                (String) t.get("reason"));
    }
}
