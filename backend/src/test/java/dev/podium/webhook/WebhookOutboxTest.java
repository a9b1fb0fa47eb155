package dev.podium.webhook;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.leaderboard.SignedRuns;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.OutboxProfile;
import dev.podium.testing.Rows;
import dev.podium.testing.WebhookReceiver;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The webhook outbox as replicas see it: deliveries kept in PostgreSQL survive the sender that failed them, a delivery
 * held by a sender that died is taken by another once its lease runs out, and an admin sees every attempt and can
 * redeliver. The service's own sender is off (OutboxProfile); each test's senders are new instances, with no memory
 * of one another, as replicas have.
 */
@QuarkusTest
@TestProfile(OutboxProfile.class)
@WithTestResource(EmbeddedPostgresResource.class)
class WebhookOutboxTest {

    @Inject
    Rows rows;

    @Inject
    Webhooks webhooks;

    @Inject
    DataSource dataSource;

    @Inject
    WebhooksConfig config;

    WebhookReceiver receiver;
    long hook;

    @BeforeEach
    void start() throws Exception {
        rows.reset();
        webhooks.list().forEach(h -> webhooks.delete(h.id()));
        Api.enrol("test-agent");
        receiver = new WebhookReceiver();
        hook = webhooks.register(receiver.url()).id();
    }

    @AfterEach
    void stop() {
        receiver.close();
        webhooks.list().forEach(h -> webhooks.delete(h.id()));
    }

    /** A replica's webhook settings: its accessors are WebhooksConfig's. */
    record ReplicaConfig(
            List<Duration> retrySchedule, boolean delivery, Duration pollInterval, Duration lease, int senders)
            implements WebhooksConfig {}

    /** A sender as a replica has one: new, sharing nothing with any other but the database. */
    WebhookDeliveries replica(Duration lease) {
        return new WebhookDeliveries(
                dataSource, new ReplicaConfig(config.retrySchedule(), true, config.pollInterval(), lease, 4));
    }

    static void waitFor(BooleanSupplier done, String what) throws InterruptedException {
        long t0 = System.nanoTime();
        while (!done.getAsBoolean()) {
            assertTrue(System.nanoTime() - t0 < 15_000_000_000L, "not within 15 s: " + what);
            Thread.sleep(50);
        }
    }

    @Test
    void aChangePointFoundWhileTheReceiverIsDownIsDeliveredOnceAfterTheSenderIsGone() throws Exception {
        receiver.up(false);
        for (int day = 1; day <= 9; day++) {
            Api.store(SignedRuns.nettyDay(3, day, 100_000 * (1 + 0.002 * (day % 3))));
        }
        Api.store(SignedRuns.nettyDay(3, 10, 85_000));
        waitFor(
                () -> rows.scalar("select count(*) from webhook_deliveries") == 1,
                "the change point's delivery queued");
        assertEquals(1, rows.scalar("select count(*) from change_points"));

        WebhookDeliveries first = replica(Duration.ofSeconds(60));
        assertEquals(1, first.deliverDue());
        first.stop(); // the replica that failed it goes, and its memory with it
        assertEquals(
                List.of(503), receiver.received().stream().map(r -> r.status()).toList());
        assertEquals(
                1,
                rows.scalar("select count(*) from webhook_deliveries where status = 'pending' and attempts = 1"
                        + " and last_status = 503 and next_attempt_at > last_attempt_at and claimed_until is null"));

        receiver.up(true);
        WebhookDeliveries second = replica(Duration.ofSeconds(60));
        try {
            // due 200 ms after the failed attempt (the profile's schedule)
            waitFor(() -> second.deliverDue() > 0, "the retry");
            for (int i = 0; i < 3; i++) {
                Thread.sleep(250);
                assertEquals(0, second.deliverDue(), "nothing is due once delivered");
            }
        } finally {
            second.stop();
        }
        String id = receiver.received().get(0).webhookId();
        assertTrue(id.startsWith("msg_"), id);
        assertEquals(Map.of(id, 1), receiver.accepted(), "delivered once, under the id of the failed attempt");
        assertEquals(2, receiver.received().size());

        JsonPath log = Api.admin()
                .get("/api/webhooks/" + hook + "/deliveries")
                .then()
                .statusCode(200)
                .extract()
                .jsonPath();
        assertEquals(1, log.getList("$").size());
        assertEquals("delivered", log.getString("[0].status"));
        assertEquals(id, log.getString("[0].messageId"));
        assertEquals(2, log.getInt("[0].attempts"));
        assertEquals(List.of(503, 204), log.getList("[0].attemptLog.status"));
        assertEquals("HTTP 503", log.getString("[0].attemptLog[0].error"));
        assertNull(log.get("[0].nextAttemptAt"));
        assertEquals(
                rows.scalar("select id from change_points"),
                log.getLong("[0].changePointId"),
                "the change point announced");
    }

    long queue(String messageId, String status, int attempts) {
        rows.execute("insert into webhook_deliveries (webhook_id, message_id, body, status, attempts, step,"
                + " next_attempt_at) values (" + hook + ", '" + messageId + "', '{\"type\":\"test\"}', '" + status
                + "', " + attempts + ", " + attempts + ", now())");
        return rows.scalar("select id from webhook_deliveries where message_id = '" + messageId + "'");
    }

    @Test
    void aDeliveryHeldByASenderThatDiedIsTakenAgainOnceItsLeaseRunsOut() throws Exception {
        queue("msg_dead", "pending", 0);
        WebhookDeliveries dead = replica(Duration.ofMillis(700));
        assertEquals(1, dead.claim(10).size()); // claimed, then the replica dies before it sends
        dead.stop();

        WebhookDeliveries live = replica(Duration.ofSeconds(60));
        try {
            assertEquals(0, live.deliverDue(), "another replica's lease holds");
            assertTrue(receiver.received().isEmpty());
            Thread.sleep(800);
            assertEquals(1, live.deliverDue(), "taken again once the lease ran out");
            assertEquals(0, live.deliverDue());
        } finally {
            live.stop();
        }
        assertEquals(Map.of("msg_dead", 1), receiver.accepted());
        assertEquals(
                1, rows.scalar("select count(*) from webhook_deliveries where status = 'delivered' and attempts = 2"));
    }

    @Test
    void aDeliveryIsGivenUpAfterTheLastRetryAndAnAdminCanRedeliverIt() throws Exception {
        receiver.up(false);
        long id = queue("msg_again", "pending", 0);
        WebhookDeliveries sender = replica(Duration.ofSeconds(60));
        try {
            // the first attempt and the three retries of the profile's schedule
            waitFor(
                    () -> {
                        sender.deliverDue();
                        return rows.scalar("select count(*) from webhook_deliveries where status = 'failed'") == 1;
                    },
                    "given up");
            assertEquals(4, receiver.received().size());
            Thread.sleep(300);
            assertEquals(0, sender.deliverDue(), "a failed delivery is not retried by itself");

            String path = "/api/webhooks/" + hook + "/deliveries/" + id;
            Api.admin()
                    .get(path)
                    .then()
                    .statusCode(200)
                    .body("status", equalTo("failed"))
                    .body("attempts", equalTo(4))
                    .body("lastStatus", equalTo(503))
                    .body("attemptLog.size()", equalTo(4));
            given().post(path + "/redeliver").then().statusCode(401);
            receiver.up(true);
            Api.admin()
                    .post(path + "/redeliver")
                    .then()
                    .statusCode(202)
                    .body("status", equalTo("pending"))
                    .body("messageId", equalTo("msg_again"));
            assertEquals(1, sender.deliverDue());
        } finally {
            sender.stop();
        }
        assertEquals(Map.of("msg_again", 1), receiver.accepted());
        Api.admin()
                .get("/api/webhooks/" + hook + "/deliveries?status=delivered")
                .then()
                .statusCode(200)
                .body("size()", equalTo(1))
                .body("[0].attempts", equalTo(5))
                .body("[0].attemptLog.status", equalTo(List.of(503, 503, 503, 503, 204)));
    }

    @Test
    void theDeliveryEndpointsNeedTheAdminTokenAndAnswerBadIdsClearly() {
        long id = queue("msg_ids", "failed", 4);
        given().get("/api/webhooks/" + hook + "/deliveries").then().statusCode(401);
        Api.admin().get("/api/webhooks/abc/deliveries").then().spec(Api.problem(400, "id"));
        Api.admin().get("/api/webhooks/" + (hook + 1000) + "/deliveries").then().spec(Api.problem(404));
        Api.admin()
                .get("/api/webhooks/" + hook + "/deliveries?status=lost")
                .then()
                .spec(Api.problem(400, "status"));
        Api.admin().get("/api/webhooks/" + hook + "/deliveries?limit=0").then().spec(Api.problem(400, "limit"));
        Api.admin()
                .post("/api/webhooks/" + hook + "/deliveries/x1/redeliver")
                .then()
                .spec(Api.problem(400, "deliveryId"));
        Api.admin()
                .post("/api/webhooks/" + hook + "/deliveries/" + (id + 1000) + "/redeliver")
                .then()
                .spec(Api.problem(404));
        Api.admin()
                .post("/api/webhooks/" + (hook + 1000) + "/deliveries/" + id + "/redeliver")
                .then()
                .statusCode(404);
        // none of that changed the delivery
        assertEquals(
                1, rows.scalar("select count(*) from webhook_deliveries where status = 'failed' and attempts = 4"));
    }
}
