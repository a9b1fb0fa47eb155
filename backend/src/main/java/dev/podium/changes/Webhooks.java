package dev.podium.changes;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.sql.DataSource;
import org.jboss.logging.Logger;

/**
 * Outgoing webhooks, signed per the Standard Webhooks specification (webhook-id, webhook-timestamp,
 * webhook-signature "v1,base64(HMAC-SHA256(secret, id.timestamp.body))"), retried with exponential backoff on any
 * answer other than 2xx, from their own threads.
 */
@ApplicationScoped
public class Webhooks {

    private static final Logger LOG = Logger.getLogger(Webhooks.class);
    static final String SECRET_PREFIX = "whsec_";

    /** A registered receiver; the secret is shown once, when it is registered. */
    public record Webhook(long id, String url, String secret, OffsetDateTime createdAt) {}

    @Inject
    DataSource dataSource;

    @Inject
    ChangesConfig config;

    @Inject
    ObjectMapper json;

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final ScheduledExecutorService retries = Executors.newScheduledThreadPool(1, r -> {
        Thread t = new Thread(r, "podium-webhooks");
        t.setDaemon(true);
        return t;
    });
    private final SecureRandom random = new SecureRandom();

    @PreDestroy
    void stop() {
        retries.shutdownNow();
    }

    public Webhook register(String url) {
        byte[] key = new byte[24];
        random.nextBytes(key);
        String secret = SECRET_PREFIX + Base64.getEncoder().encodeToString(key);
        return sql(
                        "insert into webhooks (url, secret) values (?, ?) returning id, url, secret, created_at",
                        List.of(url, secret))
                .get(0);
    }

    public List<Webhook> list() {
        return sql("select id, url, secret, created_at from webhooks order by id", List.of());
    }

    public boolean delete(long id) {
        return !sql("delete from webhooks where id = ? returning id, url, secret, created_at", List.of(id))
                .isEmpty();
    }

    /** Sends a change to every receiver; returns at once. */
    public void changeDetected(ChangeView change) {
        byte[] body;
        try {
            body = json.writeValueAsBytes(Map.of(
                    "type",
                    "change-point.detected",
                    "timestamp",
                    OffsetDateTime.now().toString(),
                    "data",
                    change));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        for (Webhook hook : list()) {
            String messageId = "msg_" + UUID.randomUUID(); // the same on every retry: receivers drop duplicates by it
            retries.execute(() -> deliver(hook, messageId, body, 1));
        }
    }

    private void deliver(Webhook hook, String messageId, byte[] body, int attempt) {
        int status = -1;
        try {
            long timestamp = System.currentTimeMillis() / 1000;
            HttpRequest request = HttpRequest.newBuilder(URI.create(hook.url()))
                    .timeout(Duration.ofSeconds(10))
                    .header("content-type", "application/json")
                    .header("webhook-id", messageId)
                    .header("webhook-timestamp", String.valueOf(timestamp))
                    .header("webhook-signature", signature(hook.secret(), messageId, timestamp, body))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                    .build();
            status = http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
            if (status / 100 == 2) {
                return;
            }
        } catch (java.io.IOException | IllegalArgumentException e) {
            LOG.debugf("webhook %d attempt %d: %s", hook.id(), attempt, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        if (attempt >= config.webhookAttempts()) {
            LOG.warnf(
                    "webhook %d (%s): message %s given up after %d attempts (last status %d)",
                    hook.id(), hook.url(), messageId, attempt, status);
            return;
        }
        long wait = config.webhookBackoff().toMillis() << (attempt - 1);
        retries.schedule(() -> deliver(hook, messageId, body, attempt + 1), wait, TimeUnit.MILLISECONDS);
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
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < values.size(); i++) {
                ps.setObject(i + 1, values.get(i));
            }
            List<Webhook> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Webhook(
                            rs.getLong(1), rs.getString(2), rs.getString(3), rs.getObject(4, OffsetDateTime.class)));
                }
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException("webhooks query failed", e);
        }
    }
}
