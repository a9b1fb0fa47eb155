package dev.podium.run;

import dev.podium.agent.Agent;
import dev.podium.common.Accepted;
import dev.podium.ingest.IngestPhases;
import dev.podium.partition.RepeatPartitions;
import io.quarkus.hibernate.orm.panache.Panache;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import lombok.RequiredArgsConstructor;
import org.hibernate.Session;

/** Stores a run (Hibernate), its cells and their repeats (COPY) in one transaction, or tells how it relates to the run already stored. */
@ApplicationScoped
@RequiredArgsConstructor
public class RunWriter {

    private final IngestPhases phases;
    private final RepeatPartitions partitions;

    /**
     * Stores the run row, runs beforeCells (which completes the cells), then writes the cells and repeats. The caller
     * has already compared the run with what is stored; a run stored since then fails the flush with a unique violation.
     */
    @Transactional
    public void store(Run run, long agentId, Runnable beforeCells) {
        EntityManager em = Panache.getEntityManager();
        run.agent = em.getReference(Agent.class, agentId);
        run.receivedAt = Instant.now();
        List<Cell> cells = run.cells;
        run.cells = new ArrayList<>(); // written below by COPY, not by Hibernate
        long start = System.nanoTime();
        em.persist(run);
        // flush here so a concurrent identical submission surfaces as a unique violation the caller can resolve
        if (run.part != null) {
            em.persist(run.part);
        }
        em.flush();
        long flushed = phases.record("run-row", start);
        beforeCells.run();
        long ready = phases.record("statistics-wait", flushed);
        try {
            em.unwrap(Session.class).doWork(connection -> CellCopy.write(connection, run.id, cells));
        } finally { // also when no partition of repeats took the ids: the next one is made, the agent's retry stored
            cells.stream().filter(c -> c.id != null).mapToLong(c -> c.id).max().ifPresent(partitions::used);
        }
        phases.record("cells", ready);
    }

    /** IDENTICAL or CONFLICT for a run id already stored, null when none is. */
    @Transactional
    public Accepted.Outcome compare(UUID id, byte[] payloadSha256) {
        byte[] stored = RunQueries.bytes("payloadSha256", id);
        if (stored == null) {
            return null;
        }
        return Accepted.Outcome.against(stored, payloadSha256);
    }
}
