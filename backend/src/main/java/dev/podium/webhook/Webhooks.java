package dev.podium.webhook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.common.ProblemException;
import dev.podium.common.Rows;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.sql.DataSource;
import lombok.RequiredArgsConstructor;

/**
 * The admin's webhook receivers, and the outbox they are fed from: {@link #enqueue} writes one delivery per receiver
 * in the caller's transaction (the one that stores what is announced), and {@link WebhookDeliveries} sends them, signed
 * per the Standard Webhooks specification (webhook-id, webhook-timestamp, webhook-signature
 * "v1,base64(HMAC-SHA256(secret, id.timestamp.body))").
 */
@ApplicationScoped
@RequiredArgsConstructor
public class Webhooks {

    static final String SECRET_PREFIX = "whsec_";

    /** A registered receiver; the secret is shown once, when it is registered. */
    public record Webhook(long id, String url, String secret, OffsetDateTime createdAt) {}

    private final DataSource dataSource;
    private final ObjectMapper json;

    private final SecureRandom random = new SecureRandom();

    /**
     * Registers a receiver with a new secret. One webhook per URL (V23's unique key): a URL already registered, or
     * registered by a concurrent request first, is a 409 naming url, and nothing is stored.
     */
    public Webhook register(String url) {
        byte[] key = new byte[24];
        random.nextBytes(key);
        String secret = SECRET_PREFIX + Base64.getEncoder().encodeToString(key);
        List<Webhook> inserted = sql(
                "insert into webhooks (url, secret) values (?, ?) on conflict (url) do nothing"
                        + " returning id, url, secret, created_at",
                List.of(url, secret));
        if (inserted.isEmpty()) {
            throw ProblemException.conflict(
                    "webhook-exists",
                    "a webhook is registered for this url already; to change its secret, delete it and register again",
                    "url");
        }
        return inserted.get(0);
    }

    public List<Webhook> list() {
        return sql("select id, url, secret, created_at from webhooks order by id", List.of());
    }

    public boolean delete(long id) {
        return !sql("delete from webhooks where id = ? returning id, url, secret, created_at", List.of(id))
                .isEmpty();
    }

    /**
     * Queues an event for every registered receiver, on the caller's connection and in its transaction: the deliveries
     * exist exactly when what they announce was committed. One delivery per receiver and subject (the unique key
     * (webhook_id, change_point_id)), each with its message id, the same on every retry. Returns the deliveries queued.
     */
    public int enqueue(Connection c, long changePointId, String type, Object data) throws SQLException {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("type", type);
        event.put("timestamp", OffsetDateTime.now().toString());
        event.put("data", data);
        String body;
        try {
            body = json.writeValueAsString(event);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        List<Long> hooks = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement("select id from webhooks order by id");
                ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                hooks.add(rs.getLong(1));
            }
        }
        int queued = 0;
        try (PreparedStatement ps = c.prepareStatement("insert into webhook_deliveries (webhook_id, change_point_id,"
                + " message_id, body) values (?, ?, ?, ?) on conflict (webhook_id, change_point_id) do nothing")) {
            for (long hook : hooks) {
                ps.setLong(1, hook);
                ps.setLong(2, changePointId);
                ps.setString(3, "msg_" + UUID.randomUUID());
                ps.setString(4, body);
                queued += ps.executeUpdate();
            }
        }
        return queued;
    }

    /** "v1," + base64 HMAC-SHA256 of "{id}.{timestamp}.{body}" keyed with the secret's base64 part. */
    public static String signature(String secret, String messageId, long timestamp, byte[] body) {
        try {
            byte[] key = Base64.getDecoder().decode(secret.substring(SECRET_PREFIX.length()));
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update((messageId + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
            return "v1," + Base64.getEncoder().encodeToString(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is always present", e);
        }
    }

    private List<Webhook> sql(String sql, List<Object> values) {
        try (Connection c = dataSource.getConnection()) {
            return Rows.of(
                    c,
                    sql,
                    values,
                    rs -> new Webhook(
                            rs.getLong(1), rs.getString(2), rs.getString(3), rs.getObject(4, OffsetDateTime.class)));
        } catch (SQLException e) {
            throw new IllegalStateException("webhooks query failed", e);
        }
    }
}
