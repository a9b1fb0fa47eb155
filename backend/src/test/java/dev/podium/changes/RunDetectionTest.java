package dev.podium.changes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.jvmmode.JvmMode;
import dev.podium.leaderboard.SignedRuns;
import dev.podium.read.SeriesKey;
import dev.podium.testing.Api;
import dev.podium.testing.AtOnce;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.OutboxProfile;
import dev.podium.testing.Rows;
import dev.podium.topology.Topology;
import dev.podium.webhook.Webhooks;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Change detection as several replicas do it: detectors racing on one series store and announce a change once, and a
 * run whose detection never ran (its replica died after answering 201) or whose claim ran out undone is analysed by
 * the sweep. The detection lease is 1 s here (OutboxProfile).
 */
@QuarkusTest
@TestProfile(OutboxProfile.class)
@WithTestResource(EmbeddedPostgresResource.class)
class RunDetectionTest {

    static final String RUN_9 = "00000000-0000-4000-8000-000000000409";
    static final String RUN_10 = "00000000-0000-4000-8000-000000000410";

    @Inject
    Rows rows;

    @Inject
    Webhooks webhooks;

    @Inject
    ChangeDetector detector;

    @BeforeEach
    void start() {
        rows.reset();
        webhooks.list().forEach(h -> webhooks.delete(h.id()));
        Api.enrol("test-agent");
        webhooks.register("http://127.0.0.1:9/hook"); // never sent to: this profile's service sends no webhooks
    }

    @AfterEach
    void stop() {
        webhooks.list().forEach(h -> webhooks.delete(h.id()));
    }

    /** Ten runs, the tenth 15% slower: one throughput change point once every run's detection is done. */
    void tenRunsWithAChange() throws InterruptedException {
        for (int day = 1; day <= 9; day++) {
            Api.store(SignedRuns.nettyDay(4, day, 100_000 * (1 + 0.002 * (day % 3))));
        }
        Api.store(SignedRuns.nettyDay(4, 10, 85_000));
        long t0 = System.nanoTime();
        while (rows.scalar("select count(*) from run_detections where done_at is not null") < 10) {
            assertTrue(System.nanoTime() - t0 < 15_000_000_000L, "the ten runs' detection not done within 15 s");
            Thread.sleep(50);
        }
        assertEquals(1, rows.scalar("select count(*) from change_points"));
        assertEquals(1, rows.scalar("select count(*) from webhook_deliveries"));
    }

    @Test
    void detectorsRacingOnOneSeriesStoreOneChangePointAndQueueOneDelivery() throws Exception {
        tenRunsWithAChange();
        rows.execute("delete from webhook_deliveries"); // as if no detector had run yet
        rows.execute("delete from change_points");
        // the one series the ten runs are points of (SignedRuns.nettyDay's cell on the host class it derives)
        SeriesKey series = new SeriesKey(
                SignedRuns.HOST_CLASS,
                2,
                "Netty",
                "non-blocking",
                "plaintext",
                "closed",
                256,
                null,
                Topology.SINGLE,
                JvmMode.DEFAULT);
        int announced = 0;
        for (List<ChangeView> found : AtOnce.race(4, () -> detector.recompute(series))) {
            announced += found.size();
        }
        assertEquals(1, announced, "one of the racing detectors found it new");
        assertEquals(1, rows.scalar("select count(*) from change_points"));
        assertEquals(1, rows.scalar("select count(*) from webhook_deliveries"));
    }

    @Test
    void theSweepAnalysesARunWhoseDetectionNeverRanOrWhoseClaimRanOut() throws Exception {
        tenRunsWithAChange();
        // run 10's replica died after answering 201, before its detection; run 9's died while holding the claim
        rows.execute("delete from webhook_deliveries");
        rows.execute("delete from change_points");
        rows.execute("delete from run_detections where run_id = '" + RUN_10 + "'");
        rows.execute("update run_detections set done_at = null, claimed_until = now() + interval '300 milliseconds'"
                + " where run_id = '" + RUN_9 + "'");
        assertEquals(0, detector.sweep(), "run 10 was received under a lease ago, run 9's claim holds");
        Thread.sleep(1100); // the profile's detection lease, 1 s
        assertEquals(2, detector.sweep());
        assertEquals(1, rows.scalar("select count(*) from change_points where run_after = '" + RUN_10 + "'"));
        assertEquals(1, rows.scalar("select count(*) from webhook_deliveries"), "announced by the sweep");
        assertEquals(10, rows.scalar("select count(*) from run_detections where done_at is not null"));
        assertEquals(0, detector.sweep(), "nothing left undone");
        assertEquals(1, rows.scalar("select count(*) from webhook_deliveries"));
    }
}
