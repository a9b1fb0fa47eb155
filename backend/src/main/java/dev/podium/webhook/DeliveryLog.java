package dev.podium.webhook;

import dev.podium.common.Rows;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import lombok.RequiredArgsConstructor;

/** The admin's view of the outbox: each delivery of a webhook with its attempts, and redelivery. */
@ApplicationScoped
@RequiredArgsConstructor
public class DeliveryLog {

    /** One attempt: when, the receiver's HTTP status (null: no answer), the error if it was not a 2xx. */
    public record WebhookAttempt(int attempt, OffsetDateTime at, Integer status, String error, int durationMs) {}

    /**
     * A delivery: "pending" (nextAttemptAt is its next try; claimedUntil set while a replica is sending it),
     * "delivered" (a 2xx came back) or "failed" (every retry of the schedule failed).
     */
    public record WebhookDelivery(
            long id,
            long webhookId,
            Long changePointId,
            String messageId,
            String status,
            int attempts,
            OffsetDateTime nextAttemptAt,
            OffsetDateTime claimedUntil,
            Integer lastStatus,
            String lastError,
            OffsetDateTime lastAttemptAt,
            OffsetDateTime deliveredAt,
            OffsetDateTime createdAt,
            List<WebhookAttempt> attemptLog) {}

    public static final List<String> STATUSES = List.of("pending", "delivered", "failed");

    private static final String COLUMNS = "id, webhook_id, change_point_id, message_id, status, attempts,"
            + " case when status = 'pending' then next_attempt_at end, claimed_until, last_status, last_error,"
            + " last_attempt_at, delivered_at, created_at";

    private final DataSource dataSource;

    /** A webhook's deliveries, newest first, with their attempts; status null: every status. */
    public List<WebhookDelivery> list(long webhookId, String status, int limit) {
        return query(
                "select " + COLUMNS
                        + " from webhook_deliveries where webhook_id = ? and (?::text is null or status = ?)"
                        + " order by id desc limit ?",
                webhookId,
                status,
                status,
                limit);
    }

    public Optional<WebhookDelivery> one(long webhookId, long deliveryId) {
        return query(
                        "select " + COLUMNS + " from webhook_deliveries where webhook_id = ? and id = ?",
                        webhookId,
                        deliveryId)
                .stream()
                .findFirst();
    }

    /**
     * Queues a delivery again, due at once, with the whole retry schedule ahead and the same webhook-id (receivers
     * that got it already drop it); empty when the webhook has no such delivery.
     */
    public Optional<WebhookDelivery> redeliver(long webhookId, long deliveryId) {
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement("update webhook_deliveries set status = 'pending', step = 0,"
                        + " next_attempt_at = now() where webhook_id = ? and id = ?")) {
            ps.setLong(1, webhookId);
            ps.setLong(2, deliveryId);
            if (ps.executeUpdate() == 0) {
                return Optional.empty();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("webhook delivery not queued again", e);
        }
        return one(webhookId, deliveryId);
    }

    private List<WebhookDelivery> query(String sql, Object... values) {
        try (Connection c = dataSource.getConnection()) {
            List<WebhookDelivery> out = Rows.of(
                    c,
                    sql,
                    Arrays.asList(values),
                    rs -> new WebhookDelivery(
                            rs.getLong(1),
                            rs.getLong(2),
                            rs.getObject(3, Long.class),
                            rs.getString(4),
                            rs.getString(5),
                            rs.getInt(6),
                            rs.getObject(7, OffsetDateTime.class),
                            rs.getObject(8, OffsetDateTime.class),
                            rs.getObject(9, Integer.class),
                            rs.getString(10),
                            rs.getObject(11, OffsetDateTime.class),
                            rs.getObject(12, OffsetDateTime.class),
                            rs.getObject(13, OffsetDateTime.class),
                            new ArrayList<>()));
            if (!out.isEmpty()) {
                attempts(c, out);
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException("webhook deliveries query failed", e);
        }
    }

    private static void attempts(Connection c, List<WebhookDelivery> deliveries) throws SQLException {
        Map<Long, List<WebhookAttempt>> byId = new HashMap<>();
        deliveries.forEach(d -> byId.put(d.id(), d.attemptLog()));
        try (PreparedStatement ps = c.prepareStatement("select delivery_id, attempt, at, status, error, duration_ms"
                + " from webhook_attempts where delivery_id = any (?) order by delivery_id, attempt")) {
            ps.setArray(1, c.createArrayOf("bigint", byId.keySet().toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    byId.get(rs.getLong(1))
                            .add(new WebhookAttempt(
                                    rs.getInt(2),
                                    rs.getObject(3, OffsetDateTime.class),
                                    rs.getObject(4, Integer.class),
                                    rs.getString(5),
                                    rs.getInt(6)));
                }
            }
        }
    }
}
