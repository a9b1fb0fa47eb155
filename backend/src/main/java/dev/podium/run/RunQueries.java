package dev.podium.run;

import dev.podium.agent.Agent;
import dev.podium.common.ProblemException;
import dev.podium.common.RoutePageCheck;
import dev.podium.common.SitePageCheck;
import dev.podium.envelope.StoredEnvelope;
import dev.podium.figure.CellFigures;
import dev.podium.figure.FigureValues;
import dev.podium.figure.StoredFigures;
import dev.podium.payload.CompanionServer;
import dev.podium.read.CellQueries;
import dev.podium.read.CellView;
import dev.podium.replica.Replica;
import dev.podium.rounds.JvmStart;
import dev.podium.rounds.RoundFigures;
import io.quarkus.hibernate.orm.panache.Panache;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import jakarta.persistence.EntityManager;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import lombok.RequiredArgsConstructor;
import org.hibernate.Session;

/** The minimal reads of stored runs: the paged list, the detail, the raw envelope. */
@ApplicationScoped
@RequiredArgsConstructor
public class RunQueries {

    private final RoundFigures roundFigures;
    // the replica's session inside a replica read (GET /api/runs...), else Panache's own on the primary
    private final Replica replica;

    public RunPage list(int page, int size) {
        EntityManager em = replica.entityManager();
        List<RunSummary> items = em.createQuery("""
                        select new dev.podium.run.RunSummary(r.id, r.receivedAt, r.startedAt, r.finishedAt, r.hostClass,
                            r.hostHostname, r.hostCpuModel, r.hostVcpus, r.jvmVendor, r.jvmVersion, r.suiteVersion,
                            a.id, a.name, r.keyid, a.revokedAt, (select count(c) from Cell c where c.run = r))
                        from Run r join r.agent a
                        order by r.receivedAt desc, r.id desc""", RunSummary.class)
                .setFirstResult(page * size)
                .setMaxResults(size)
                .getResultList();
        long total = em.createQuery("select count(r) from Run r", Long.class).getSingleResult();
        return new RunPage(items, page, size, total);
    }

    public RunDetail detail(UUID id) {
        EntityManager em = replica.entityManager();
        Run r = find(em, id);
        Agent a = r.agent;
        // the cost cells' ladders, which the entity does not map (jsonb written by COPY)
        Map<Long, String> ladders = new HashMap<>();
        for (Object row : em.createNativeQuery(
                        "select id, cost_ladder::text from cells where run_id = :id and cost_ladder is not null")
                .setParameter("id", id)
                .getResultList()) {
            Object[] cols = (Object[]) row;
            ladders.put(((Number) cols[0]).longValue(), (String) cols[1]);
        }
        List<Cell> stored =
                em.createQuery("""
                        select distinct c from Cell c left join fetch c.repeats
                        where c.run.id = :id order by c.ordinal""", Cell.class).setParameter("id", id).getResultList();
        Map<Long, List<JvmStart>> starts =
                roundFigures.starts(stored.stream().map(c -> c.id).toList());
        figures(em, id, stored);
        List<CellView> cells = stored.stream()
                .map(c -> CellViews.of(c, true, ladders.get(c.id), starts.get(c.id)))
                .toList();
        return new RunDetail(
                r.id,
                r.receivedAt,
                r.startedAt,
                r.finishedAt,
                r.schemaVersion,
                r.keyid,
                new RunDetail.AgentRef(a.id, a.name, r.agentVersion, a.revokedAt),
                new RunDetail.Suite(r.suiteName, r.suiteVersion, r.suiteCommit, r.suiteProfile),
                new RunDetail.LoadGenerator(
                        r.loadGeneratorTool, r.loadGeneratorVersion, r.openLoopTool, r.openLoopVersion),
                new RunDetail.Host(r.hostHostname, r.machine()),
                new RunDetail.Jvm(
                        r.jvmVendor,
                        r.jvmVersion,
                        r.jvmMajor,
                        r.jvmVmName,
                        r.jvmGc,
                        r.jvmFlags == null ? List.of() : Arrays.asList(r.jvmFlags)),
                cells,
                new String(new StoredEnvelope(r.envelope, r.envelopeDeflated).bytes(), StandardCharsets.UTF_8),
                CompanionServer.stored(r.databaseServer, r.databaseVersion, r.databaseCpus, r.databaseSettings),
                CompanionServer.stored(r.balancerServer, r.balancerVersion, r.balancerCpus, r.balancerSettings));
    }

    /** Sets the stored cells' and repeats' declared figures, which the entities do not map (figure.StoredFigures). */
    private static void figures(EntityManager em, UUID id, List<Cell> stored) {
        em.unwrap(Session.class).doWork(connection -> {
            Map<Long, CellFigures> cells = StoredFigures.cells(connection, id);
            Map<Long, List<FigureValues>> repeats = StoredFigures.repeats(connection, id);
            for (Cell c : stored) {
                c.figures = cells.get(c.id);
                List<FigureValues> values = repeats.getOrDefault(c.id, List.of());
                for (int i = 0; i < c.repeats.size() && i < values.size(); i++) {
                    c.repeats.get(i).figures = values.get(i);
                }
            }
        });
    }

    /** The envelope exactly as received, from whichever form its row keeps (verbatim or deflated). */
    public byte[] envelope(UUID id) {
        Object[] forms = replica.entityManager()
                .createQuery("select r.envelope, r.envelopeDeflated from Run r where r.id = :id", Object[].class)
                .setParameter("id", id)
                .getResultStream()
                .findFirst()
                .orElseThrow(() -> ProblemException.notFound("no run " + id));
        return new StoredEnvelope((byte[]) forms[0], (byte[]) forms[1]).bytes();
    }

    /** One byte[] field of the stored run (payloadSha256), without loading the run; null when none is. */
    static byte[] bytes(String field, UUID id) {
        return bytes(Panache.getEntityManager(), field, id);
    }

    private static byte[] bytes(EntityManager em, String field, UUID id) {
        return em.createQuery("select r." + field + " from Run r where r.id = :id", byte[].class)
                .setParameter("id", id)
                .getResultStream()
                .findFirst()
                .orElse(null);
    }

    private static Run find(EntityManager em, UUID id) {
        Run run = em.find(Run.class, id);
        if (run == null) {
            throw ProblemException.notFound("no run " + id);
        }
        return run;
    }

    /** /runs/:id of a run the service does not hold (or of no run id at all) answers 404, as GET /api/runs/{id} does. */
    @Produces
    @Singleton
    static SitePageCheck page(CellQueries cells) {
        return new RoutePageCheck("run", params -> {
            UUID id = RoutePageCheck.uuid(params, "id");
            return id != null && cells.runExists(id);
        });
    }
}
