package dev.podium.ab;

import dev.podium.common.Accepted;
import io.quarkus.hibernate.orm.panache.Panache;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.util.UUID;

/** Writes a comparison once: its id is the measured run's, so the same envelope again finds the row it wrote. */
@ApplicationScoped
public class AbStore {

    /** The columns of one comparison. */
    record Row(
            UUID id,
            long agentId,
            String keyid,
            String hostClass,
            String target,
            String framework,
            String frameworkVersion,
            String variantA,
            String variantB,
            int rounds,
            String finishedAt,
            String report,
            byte[] payloadSha256,
            byte[] envelope) {}

    /**
     * Inserts the row unless its id is stored; a concurrent identical submission waits for the first one's commit and
     * then inserts nothing (on conflict do nothing: no unique violation reaches the caller).
     */
    @Transactional
    Accepted.Outcome store(Row row) {
        int inserted = Panache.getEntityManager()
                .createNativeQuery("""
                        insert into ab_comparisons (id, agent_id, keyid, host_class, target, framework,
                            framework_version, variant_a, variant_b, rounds, finished_at, report, payload_sha256, envelope)
                        values (:id, :agent, :keyid, :hostClass, :target, :framework, :frameworkVersion,
                            cast(:variantA as jsonb), cast(:variantB as jsonb), :rounds, cast(:finishedAt as timestamptz),
                            cast(:report as jsonb), :sha, :envelope)
                        on conflict (id) do nothing""")
                .setParameter("id", row.id())
                .setParameter("agent", row.agentId())
                .setParameter("keyid", row.keyid())
                .setParameter("hostClass", row.hostClass())
                .setParameter("target", row.target())
                .setParameter("framework", row.framework())
                .setParameter("frameworkVersion", row.frameworkVersion())
                .setParameter("variantA", row.variantA())
                .setParameter("variantB", row.variantB())
                .setParameter("rounds", row.rounds())
                .setParameter("finishedAt", row.finishedAt())
                .setParameter("report", row.report())
                .setParameter("sha", row.payloadSha256())
                .setParameter("envelope", row.envelope())
                .executeUpdate();
        if (inserted == 1) {
            return Accepted.Outcome.CREATED;
        }
        byte[] stored = (byte[]) Panache.getEntityManager()
                .createNativeQuery("select payload_sha256 from ab_comparisons where id = :id")
                .setParameter("id", row.id())
                .getSingleResult();
        return Accepted.Outcome.against(stored, row.payloadSha256());
    }
}
