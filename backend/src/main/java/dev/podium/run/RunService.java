package dev.podium.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.podium.changes.ChangeDetector;
import dev.podium.common.Accepted;
import dev.podium.common.DatabaseErrors;
import dev.podium.common.PodiumConfig;
import dev.podium.common.ProblemException;
import dev.podium.envelope.StoredEnvelope;
import dev.podium.ingest.IngestGate;
import dev.podium.ingest.IngestPhases;
import dev.podium.input.DsseEnvelope;
import dev.podium.input.RunInputRules;
import dev.podium.input.RunPayloadValidator;
import dev.podium.payload.RunPayload;
import dev.podium.security.KeyWriteLimit;
import dev.podium.signer.Signers;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.PersistenceException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import lombok.RequiredArgsConstructor;

/** Ingests a signed run: size, envelope, signature, payload checks, then one transaction. */
@ApplicationScoped
@RequiredArgsConstructor
public class RunService {

    private final PodiumConfig config;
    private final IngestGate gate;
    private final RunPayloadValidator validator;
    private final RunWriter writer;
    private final IngestPhases phases;

    private final KeyWriteLimit keyLimit;
    private final ChangeDetector changes;
    private final RunParts parts;

    // an ingest's work beside its request thread (the envelope's deflation, the cells' statistics), on a pool of its
    // own: the common pool has one thread fewer than there are cores (a single one on two cores)
    private final ForkJoinPool ingestPool =
            new ForkJoinPool(Runtime.getRuntime().availableProcessors());

    @PreDestroy
    void stop() {
        ingestPool.shutdown();
    }

    /** Verifies, checks and stores a signed run once: its id and whether this submission stored it. */
    public Accepted ingest(byte[] body) {
        Instant receivedAt = Instant.now();
        long t0 = System.nanoTime();
        checkSize(body.length);
        // parsed before taking an ingest slot: a malformed envelope or a flood of signatures never holds one
        DsseEnvelope envelope = DsseEnvelope.parse(body);
        if (!gate.tryEnter()) {
            throw new ProblemException(
                    429,
                    "too-many-ingests",
                    "Too many requests",
                    "more than " + config.maxConcurrentIngests() + " runs are being ingested; retry later",
                    null,
                    null,
                    2);
        }
        CompletableFuture<StoredEnvelope> deflated = null;
        try {
            Signers.Signer signer = Signers.verify(envelope);
            keyLimit.take(signer.keyid(), signer.field());
            long t1 = phases.record("signature", t0);
            // the body deflated (and inflated back to the same bytes) on another core while this thread validates it:
            // a signed body only, and joined before the ingest leaves the gate, which so bounds this work too
            deflated = CompletableFuture.supplyAsync(() -> StoredEnvelope.of(body), ingestPool);
            JsonNode payload = validator.validate(envelope.schemaVersion(), envelope.payload());
            RunInputRules.check(payload, receivedAt);
            long t2 = phases.record("validation", t1);
            Run run = RunMapper.toRun(RunPayload.bind(payload));
            run.keyid = signer.keyid();
            run.payloadSha256 = envelope.payloadSha256();
            Accepted.Outcome known = writer.compare(run.id, run.payloadSha256);
            if (known != null) {
                return answer(run.id, known); // a resubmission (or a conflict) needs no statistics
            }
            if (run.part != null) {
                parts.checkJoin(run.part, signer.agentId());
            }
            // statistics derived once, at ingest (methodology section 4): cells are independent, so on every core, and
            // while this thread stores the run row; the cells' COPY waits for them
            // the list is taken here: RunWriter.store swaps run.cells for an empty list, maybe before this task starts
            List<Cell> cells = run.cells;
            CompletableFuture<Void> statistics = CompletableFuture.runAsync(
                    () -> {
                        cells.parallelStream().forEach(CellStatsColumns::fill);
                        phases.record("statistics", t2);
                    },
                    ingestPool);
            try {
                long t3 = System.nanoTime(); // the envelope phase: what this thread waits for the deflation
                StoredEnvelope stored = deflated.join();
                run.envelope = stored.verbatim();
                run.envelopeDeflated = stored.deflated();
                phases.record("envelope", t3);
                Accepted accepted = store(run, signer.agentId(), statistics::join);
                if (accepted.created()) {
                    changes.runStored(
                            accepted.id()); // committed: its series' change points are recomputed in the background
                }
                phases.record("storage", t2);
                return accepted;
            } finally {
                // an ingest leaves the gate only once its statistics are done, so the gate bounds that work too
                statistics.exceptionally(e -> null).join();
            }
        } finally {
            if (deflated != null) {
                deflated.exceptionally(e -> null).join();
            }
            gate.leave();
        }
    }

    private void checkSize(long length) {
        if (length > config.maxRunBytes()) {
            throw ProblemException.runTooLarge(length, config.maxRunBytes());
        }
    }

    private Accepted store(Run run, long agentId, Runnable beforeCells) {
        Accepted.Outcome outcome = Accepted.Outcome.CREATED;
        try {
            writer.store(run, agentId, beforeCells);
        } catch (PersistenceException e) {
            if (!DatabaseErrors.isUniqueViolation(e)) {
                throw e;
            }
            // an identical or conflicting submission committed first: answer as if it had arrived before ours
            // (or another run took this part's index first: run_parts' unique key)
            outcome = Optional.ofNullable(writer.compare(run.id, run.payloadSha256))
                    .orElseThrow(() -> run.part != null
                            ? RunParts.conflict("part " + run.part.partIndex + " of run " + run.part.partOf
                                    + " was stored meanwhile as another run")
                            : e);
        }
        return answer(run.id, outcome);
    }

    private static Accepted answer(UUID id, Accepted.Outcome outcome) {
        return Accepted.of(id, outcome, "run-conflict", "run " + id);
    }
}
