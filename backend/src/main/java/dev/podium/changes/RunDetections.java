package dev.podium.changes;

import dev.podium.common.Rows;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import lombok.RequiredArgsConstructor;

/**
 * Which runs have had their change detection (table run_detections): a replica claims a run's detection for
 * podium.changes.detection-lease and marks it done once its series were recomputed. A run nobody claimed within the
 * lease of being received, or whose claim ran out undone (its replica died after answering 201), is undone: any
 * replica's sweep claims it.
 */
@ApplicationScoped
@RequiredArgsConstructor
public class RunDetections {

    private final DataSource dataSource;
    private final ChangesConfig config;

    /** Takes the run's detection unless it is done or another replica's claim still holds; false too for no such run. */
    boolean claim(UUID runId) {
        return !ids(
                        "insert into run_detections (run_id, claimed_until)"
                                + " select id, now() + ? * interval '1 millisecond' from runs where id = ?"
                                + " on conflict (run_id) do update set claimed_until = excluded.claimed_until"
                                + " where run_detections.done_at is null and run_detections.claimed_until < now()"
                                + " returning run_id",
                        config.detectionLease().toMillis(),
                        runId)
                .isEmpty();
    }

    void done(UUID runId) {
        ids("update run_detections set done_at = now() where run_id = ? returning run_id", runId);
    }

    /** Up to `limit` undone runs, oldest first. */
    List<UUID> undone(int limit) {
        return ids(
                "select r.id from runs r left join run_detections d on d.run_id = r.id"
                        + " where (d.run_id is null and r.received_at < now() - ? * interval '1 millisecond')"
                        + " or (d.done_at is null and d.claimed_until < now())"
                        + " order by r.received_at, r.id limit ?",
                config.detectionLease().toMillis(),
                limit);
    }

    private List<UUID> ids(String sql, Object... values) {
        try (Connection c = dataSource.getConnection()) {
            return Rows.of(c, sql, Arrays.asList(values), rs -> rs.getObject(1, UUID.class));
        } catch (SQLException e) {
            throw new IllegalStateException("run detections query failed", e);
        }
    }
}
