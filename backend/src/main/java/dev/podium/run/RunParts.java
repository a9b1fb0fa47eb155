package dev.podium.run;

import dev.podium.common.ProblemException;
import io.quarkus.hibernate.orm.panache.Panache;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.util.List;

/** The parts of a run: the checks a new part must pass against the parts stored (reads: package part). */
@ApplicationScoped
public class RunParts {

    /**
     * A new part joins its run only when signed by the agent of the parts already stored and with an index none of
     * them has: else 409, nothing stored.
     */
    @Transactional
    public void checkJoin(RunPart part, long agentId) {
        EntityManager em = Panache.getEntityManager();
        List<Object[]> stored = em.createQuery("""
                        select p.runId, p.partIndex, r.agent.id from RunPart p, Run r
                        where r.id = p.runId and p.partOf = :of""", Object[].class)
                .setParameter("of", part.partOf)
                .getResultList();
        for (Object[] row : stored) {
            if (((Number) row[2]).longValue() != agentId) {
                throw conflict("run " + part.partOf + " has parts signed by another agent");
            }
            if (((Number) row[1]).intValue() == part.partIndex && !row[0].equals(part.runId)) {
                throw conflict(
                        "part " + part.partIndex + " of run " + part.partOf + " is already stored as run " + row[0]);
            }
        }
    }

    static ProblemException conflict(String detail) {
        return new ProblemException(409, "part-conflict", "Conflict", detail, "part");
    }
}
