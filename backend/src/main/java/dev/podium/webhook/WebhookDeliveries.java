package dev.podium.webhook;

import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.jboss.logging.Logger;

/**
 * Sends the queued webhook deliveries (the outbox, table webhook_deliveries). Every replica polls; each due delivery
 * is claimed by one of them with FOR UPDATE SKIP LOCKED under a lease, sent, and its outcome recorded under the same
 * claim. A replica that dies holding a claim leaves the delivery to the others once the lease has expired: it may then
 * be sent twice with the same webhook-id, which receivers drop by (Standard Webhooks: at least once, deduplicated by
 * id). A failed attempt is retried after the next wait of the retry schedule; after the last one the delivery is
 * "failed" until an admin redelivers it.
 */
@ApplicationScoped
public class WebhookDeliveries {

    private static final Logger LOG = Logger.getLogger(WebhookDeliveries.class);

    /** A delivery claimed by this replica: what to send and where. */
    record Claimed(
            long id, UUID claim, String messageId, String body, int attempts, int step, String url, String secret) {}

    private final DataSource dataSource;
    private final WebhooksConfig config;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final ExecutorService senders;
    private ScheduledExecutorService poller;

    WebhookDeliveries(DataSource dataSource, WebhooksConfig config) {
        this.dataSource = dataSource;
        this.config = config;
        this.senders = Executors.newFixedThreadPool(Math.max(1, config.senders()), r -> {
            Thread t = new Thread(r, "podium-webhook-send");
            t.setDaemon(true);
            return t;
        });
    }

    void onStart(@Observes StartupEvent event) {
        if (!config.delivery()) {
            return;
        }
        poller = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "podium-webhooks");
            t.setDaemon(true);
            return t;
        });
        long every = Math.max(10, config.pollInterval().toMillis());
        poller.scheduleWithFixedDelay(this::poll, every, every, TimeUnit.MILLISECONDS);
    }

    @PreDestroy
    void stop() {
        if (poller != null) {
            poller.shutdownNow();
        }
        senders.shutdownNow();
    }

    /** Something was queued: look now rather than at the next poll (no-op where this replica sends none). */
    public void nudge() {
        ScheduledExecutorService p = poller;
        if (p != null && !p.isShutdown()) {
            p.execute(this::poll);
        }
    }

    private void poll() {
        try {
            deliverDue();
        } catch (RuntimeException e) {
            LOG.warnf("webhook deliveries not polled: %s", e.getMessage());
        }
    }

    /** Claims and sends every due delivery, a batch of `senders` at a time; returns how many attempts were made. */
    public int deliverDue() {
        int sent = 0;
        while (true) {
            List<Claimed> batch = claim(Math.max(1, config.senders()));
            List<Future<?>> running = new ArrayList<>();
            for (Claimed d : batch) {
                running.add(senders.submit(() -> attempt(d)));
            }
            for (Future<?> f : running) {
                try {
                    f.get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return sent;
                } catch (java.util.concurrent.ExecutionException e) {
                    LOG.warnf(e.getCause(), "webhook delivery attempt failed unexpectedly");
                }
            }
            sent += batch.size();
            if (batch.size() < Math.max(1, config.senders())) {
                return sent;
            }
        }
    }

    /** Takes up to `limit` due deliveries for this replica: pending, due, and unclaimed or with an expired lease. */
    List<Claimed> claim(int limit) {
        UUID claim = UUID.randomUUID();
        String sql = "update webhook_deliveries d set claimed_until = now() + ? * interval '1 millisecond', claim = ?,"
                + " attempts = d.attempts + 1, step = d.step + 1, last_attempt_at = now() from webhooks w"
                + " where w.id = d.webhook_id and d.id in (select id from webhook_deliveries where status = 'pending'"
                + " and next_attempt_at <= now() and (claimed_until is null or claimed_until < now())"
                + " order by next_attempt_at, id limit ? for update skip locked)"
                + " returning d.id, d.message_id, d.body, d.attempts, d.step, w.url, w.secret";
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, config.lease().toMillis());
            ps.setObject(2, claim);
            ps.setInt(3, limit);
            List<Claimed> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Claimed(
                            rs.getLong(1),
                            claim,
                            rs.getString(2),
                            rs.getString(3),
                            rs.getInt(4),
                            rs.getInt(5),
                            rs.getString(6),
                            rs.getString(7)));
                }
            }
            return out;
        } catch (SQLException e) {
            throw new IllegalStateException("webhook deliveries not claimed", e);
        }
    }

    private void attempt(Claimed d) {
        long t0 = System.nanoTime();
        Integer status = null;
        String error = null;
        byte[] body = d.body().getBytes(StandardCharsets.UTF_8);
        try {
            long timestamp = System.currentTimeMillis() / 1000;
            HttpRequest request = HttpRequest.newBuilder(URI.create(d.url()))
                    .timeout(Duration.ofSeconds(10))
                    .header("content-type", "application/json")
                    .header("webhook-id", d.messageId())
                    .header("webhook-timestamp", String.valueOf(timestamp))
                    .header("webhook-signature", Webhooks.signature(d.secret(), d.messageId(), timestamp, body))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                    .build();
            status = http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
            if (status / 100 != 2) {
                error = "HTTP " + status;
            }
        } catch (IOException | IllegalArgumentException e) {
            error = e.toString();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return; // shutting down: the lease runs out and another replica (or this one, restarted) sends it
        }
        record(d, status, error, (int) ((System.nanoTime() - t0) / 1_000_000));
    }

    /** The attempt's outcome, under the claim it was made with (a claim taken over after its lease is not overwritten). */
    private void record(Claimed d, Integer status, String error, int durationMs) {
        List<Duration> schedule = config.retrySchedule();
        String next;
        long waitMs = 0;
        if (error == null) {
            next = "delivered";
        } else if (d.step() <= schedule.size()) {
            next = "pending";
            waitMs = schedule.get(d.step() - 1).toMillis();
        } else {
            next = "failed";
            LOG.warnf(
                    "webhook delivery %d (%s, message %s) given up after %d attempts: %s",
                    d.id(), d.url(), d.messageId(), d.step(), error);
        }
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try {
                try (PreparedStatement ps = c.prepareStatement("insert into webhook_attempts (delivery_id, attempt, at,"
                        + " status, error, duration_ms) select id, ?, now() - ? * interval '1 millisecond', ?, ?, ?"
                        + " from webhook_deliveries where id = ? on conflict do nothing")) {
                    ps.setInt(1, d.attempts());
                    ps.setLong(2, durationMs);
                    ps.setObject(3, status);
                    ps.setString(4, truncate(error));
                    ps.setInt(5, durationMs);
                    ps.setLong(6, d.id());
                    ps.executeUpdate();
                }
                try (PreparedStatement ps = c.prepareStatement("update webhook_deliveries set status = ?,"
                        + " next_attempt_at = now() + ? * interval '1 millisecond', claimed_until = null, claim = null,"
                        + " last_status = ?, last_error = ?, delivered_at = case when ? then now() else delivered_at end"
                        + " where id = ? and claim = ?")) {
                    ps.setString(1, next);
                    ps.setLong(2, waitMs);
                    ps.setObject(3, status);
                    ps.setString(4, truncate(error));
                    ps.setBoolean(5, error == null);
                    ps.setLong(6, d.id());
                    ps.setObject(7, d.claim());
                    ps.executeUpdate();
                }
                c.commit();
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
        } catch (SQLException e) {
            // not recorded: the lease runs out and the delivery is attempted again, with the same webhook-id
            LOG.warnf("webhook delivery %d: outcome not recorded: %s", d.id(), e.getMessage());
        }
    }

    private static String truncate(String error) {
        return error == null || error.length() <= 500 ? error : error.substring(0, 500);
    }
}
