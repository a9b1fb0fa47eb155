package dev.podium.ab;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.ab.AbRecords.AbComparison;
import dev.podium.ab.AbRecords.AbPage;
import dev.podium.ab.AbRecords.AbSummary;
import dev.podium.common.ProblemException;
import dev.podium.common.RoutePageCheck;
import dev.podium.common.Rows;
import dev.podium.common.SitePageCheck;
import dev.podium.replica.Replica;
import dev.podium.replica.Routed;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import jakarta.persistence.EntityManager;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import lombok.RequiredArgsConstructor;

/** The reads of stored comparisons: one by id, a framework's list, whether one exists. */
@ApplicationScoped
@RequiredArgsConstructor
public class AbQueries {

    private final Replica replica;
    private final ObjectMapper json;

    @Routed
    private final DataSource dataSource;

    public AbComparison comparison(UUID id) {
        EntityManager em = replica.entityManager();
        List<?> rows = em.createNativeQuery("""
                        select c.id, c.received_at, a.id, a.name, c.keyid, a.revoked_at, c.host_class, c.report::text,
                            c.envelope
                        from ab_comparisons c join agents a on a.id = c.agent_id
                        where c.id = :id""").setParameter("id", id).getResultList();
        if (rows.isEmpty()) {
            throw ProblemException.notFound("no A/B comparison " + id);
        }
        Object[] r = (Object[]) rows.getFirst();
        try {
            return new AbComparison(
                    (UUID) r[0],
                    instant(r[1]),
                    ((Number) r[2]).longValue(),
                    (String) r[3],
                    (String) r[4],
                    instant(r[5]),
                    (String) r[6],
                    json.readTree((String) r[7]),
                    new String((byte[]) r[8], StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored report of " + id + " is not JSON", e);
        }
    }

    /** The newest comparisons first (of the framework, in any case, when given), at most limit. */
    public AbPage list(String framework, int limit) {
        List<?> rows = replica.entityManager()
                .createNativeQuery("""
                        select id, received_at, finished_at, target, framework, framework_version,
                            variant_a ->> 'describe', variant_b ->> 'describe', rounds, host_class
                        from ab_comparisons
                        where cast(:framework as text) is null or lower(framework) = lower(cast(:framework as text))
                        order by received_at desc, id desc
                        limit :limit""")
                .setParameter("framework", framework)
                .setParameter("limit", limit)
                .getResultList();
        List<AbSummary> items = rows.stream()
                .map(o -> (Object[]) o)
                .map(r -> new AbSummary(
                        (UUID) r[0],
                        instant(r[1]),
                        instant(r[2]),
                        (String) r[3],
                        (String) r[4],
                        (String) r[5],
                        (String) r[6],
                        (String) r[7],
                        ((Number) r[8]).intValue(),
                        (String) r[9]))
                .toList();
        return new AbPage(items, limit);
    }

    /** Whether a comparison has this id: asked for the site's page, outside any request's session (plain JDBC). */
    public boolean exists(UUID id) {
        try (Connection c = dataSource.getConnection()) {
            return !Rows.of(c, "select 1 from ab_comparisons where id = ?", List.of(id), rs -> 1)
                    .isEmpty();
        } catch (SQLException e) {
            throw new IllegalStateException("look up comparison " + id, e);
        }
    }

    private static Instant instant(Object value) {
        return switch (value) {
            case null -> null;
            case Instant i -> i;
            case OffsetDateTime o -> o.toInstant();
            case Timestamp t -> t.toInstant();
            default -> throw new IllegalStateException("not a time: " + value.getClass());
        };
    }

    /** /ab/:id of a comparison the service does not hold (or of no UUID at all) answers 404, as GET /api/ab/{id} does. */
    @Produces
    @Singleton
    SitePageCheck page() {
        return new RoutePageCheck("ab", params -> {
            UUID id = RoutePageCheck.uuid(params, "id");
            return id != null && exists(id);
        });
    }
}
