package dev.podium.replica;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.leaderboard.SignedRuns;
import dev.podium.testing.Api;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The service with a real streaming replica ({@link StreamingReplica}: Debian's PostgreSQL, pg_basebackup, loopback)
 * and the default settings (PODIUM_DB_READ_MAX_LAG 5 s, checked every second): reads are answered by the replica
 * (its counter and the replica's own pg_stat_database), a run pushed to the primary is on the replica's board within
 * the bound, a replica whose replay is paused is left for the primary once it is further behind than the bound, and
 * stopping the replica mid-load fails no read.
 */
@QuarkusTest
@WithTestResource(StreamingReplica.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReadReplicaTest {

    /** PODIUM_DB_READ_MAX_LAG's default, which this test keeps. */
    private static final Duration MAX_LAG = Duration.ofSeconds(5);
    /**
     * How long after its 201 a run may take to be on the board served with a replica: a replica that lacks it has
     * replayed no WAL position the primary had after the commit, so MAX_LAG after it the replica is no longer used;
     * then the rendering (the read cache re-reads its stamp on every request in tests). 3 s are allowed for that and
     * for this shared 2-core machine.
     */
    private static final Duration ON_THE_BOARD_WITHIN = MAX_LAG.plusSeconds(3);

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private static final String R1 = "00000000-0000-4000-8000-00000000a001";
    private static final String R2 = "00000000-0000-4000-8000-00000000a002";
    private static final String R3 = "00000000-0000-4000-8000-00000000a003";

    @TestHTTPResource("/")
    URL base;

    @Test
    @Order(1)
    void reads_are_answered_by_the_replica() throws Exception {
        Api.enrol("test-agent");
        SignedRuns.run(R1, "2026-11-01T08:00:00Z")
                .netty(256, SignedRuns.around(100_000))
                .store();
        Answered before = Answered.onceUsable();
        long commits0 = replicaStat("xact_commit");
        long returned0 = replicaStat("tup_returned");

        List<String> paths = readPaths(R1);
        int reads = 0;
        for (int round = 0; round < 5; round++) {
            for (String path : paths) {
                assertEquals(200, get(path).statusCode(), path);
                reads++;
            }
        }
        double byReplica = before.byReplica();
        double byPrimary = before.byPrimary();
        int asked = reads;
        // the replica's own statistics: its backends report them within PostgreSQL's flush interval (up to 10 s idle)
        await(
                () -> replicaStat("xact_commit") - commits0 >= asked,
                30,
                "the replica's pg_stat_database to count the reads");
        long commits = replicaStat("xact_commit") - commits0;
        long returned = replicaStat("tup_returned") - returned0;
        System.out.printf(
                "replica: %d requests (%d endpoints x 5); reads answered by the replica %.0f, by the primary %.0f; the replica's"
                        + " pg_stat_database: xact_commit +%d, tup_returned +%d (%s)%n",
                reads, paths.size(), byReplica, byPrimary, commits, returned, StreamingReplica.version());
        // a request may make more than one read (the history resolves its framework's name, then renders)
        assertTrue(byReplica >= reads, "every read answered by the replica");
        assertEquals(0, byPrimary, 0.0, "no read answered by the primary while the replica is usable");
        assertTrue(returned > 0, "the replica returned rows");
    }

    @Test
    @Order(2)
    void a_run_pushed_to_the_primary_is_on_the_replicas_board_within_the_bound() throws Exception {
        Answered before = Answered.onceUsable();
        Api.store(SignedRuns.run(R2, "2026-11-02T08:00:00Z")
                .jetty(60_000, 61_000, 59_000, 60_500, 59_500)
                .envelope());
        long stored = System.nanoTime();
        await(() -> onTheBoard("Jetty"), ON_THE_BOARD_WITHIN.toSeconds(), "Jetty on the board");
        long after = System.nanoTime() - stored;
        System.out.printf(
                "replica: a run pushed to the primary was on the board %d ms after its 201 (bound %d s); board reads"
                        + " answered by the replica %.0f, by the primary %.0f%n",
                after / 1_000_000, ON_THE_BOARD_WITHIN.toSeconds(), before.byReplica(), before.byPrimary());
        assertTrue(after <= ON_THE_BOARD_WITHIN.toNanos());
        assertEquals(0, before.byPrimary(), 0.0, "the replica had it: the primary answered nothing");
    }

    @Test
    @Order(3)
    void a_replica_further_behind_than_the_bound_leaves_reads_to_the_primary() throws Exception {
        awaitUsable();
        double lag0 = fallbacks("lag");
        StreamingReplica.onReplica("select pg_wal_replay_pause()");
        try {
            Api.store(SignedRuns.run(R3, "2026-11-03T08:00:00Z")
                    .springMvc(64, 4, 50_000, 51_000, 49_000, 50_500, 49_500)
                    .envelope());
            long stored = System.nanoTime();
            // read your own write: the replica does not hold the run yet, so the primary is asked for it
            double notFound0 = fallbacks("not-found");
            assertEquals(200, get("/api/runs/" + R3).statusCode());
            assertEquals(200, get("/api/runs/" + R3 + "/envelope").statusCode());
            double notFound = fallbacks("not-found") - notFound0;
            await(() -> onTheBoard("Spring MVC"), ON_THE_BOARD_WITHIN.toSeconds(), "Spring MVC on the board");
            long after = System.nanoTime() - stored;
            String replayed = StreamingReplica.onReplica("select count(*) from runs");
            System.out.printf(
                    "replica: replay paused on the replica (it holds %s runs of 3); the new run and its envelope"
                            + " answered 200 at once (fallbacks for not-found %.0f); it was on the board %d ms after"
                            + " its 201, from the primary (bound %d s); fallbacks for lag %.0f%n",
                    replayed, notFound, after / 1_000_000, ON_THE_BOARD_WITHIN.toSeconds(), fallbacks("lag") - lag0);
            assertEquals("2", replayed, "the paused replica does not hold the new run");
            assertTrue(after >= MAX_LAG.toNanos() / 2, "the replica answered while it was within the bound");
            assertTrue(fallbacks("lag") > lag0, "reads counted as gone to the primary for lag");
            assertEquals(2, notFound, 0.0, "the run and its envelope, not on the replica, asked of the primary");
        } finally {
            StreamingReplica.onReplica("select pg_wal_replay_resume()");
        }
        double replica0 = answered("replica");
        awaitUsable();
        assertEquals(200, get("/api/runs").statusCode());
        assertTrue(answered("replica") > replica0, "reads go to the replica again once it has caught up");
        assertEquals("3", StreamingReplica.onReplica("select count(*) from runs"), "the replica caught up");
    }

    @Test
    @Order(4)
    void stopping_the_replica_mid_load_fails_no_read() throws Exception {
        Answered before = Answered.onceUsable();
        Map<String, Double> fallbacks0 = Map.of("down", fallbacks("down"), "error", fallbacks("error"));
        List<String> paths = readPaths(R1);
        int readers = 4;
        int perReader = 100;
        AtomicInteger done = new AtomicInteger();
        Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(readers);
        List<Future<?>> running = new java.util.ArrayList<>();
        for (int r = 0; r < readers; r++) {
            int reader = r;
            running.add(pool.submit(() -> {
                for (int i = 0; i < perReader; i++) {
                    String path = paths.get((reader + i) % paths.size());
                    int status;
                    try {
                        status = get(path).statusCode();
                    } catch (Exception e) {
                        status = -1; // no answer at all
                    }
                    statuses.computeIfAbsent(status, s -> new AtomicInteger()).incrementAndGet();
                    done.incrementAndGet();
                }
                return null;
            }));
        }
        await(() -> done.get() >= readers * perReader / 4, 120, "a quarter of the reads");
        int beforeStop = done.get();
        long stopAt = System.nanoTime();
        StreamingReplica.replicaCtl("stop", "-m", "fast");
        long stopped = System.nanoTime() - stopAt;
        int atStop = done.get();
        for (Future<?> f : running) {
            f.get(300, TimeUnit.SECONDS);
        }
        pool.shutdown();
        Map<Integer, Integer> tally = new TreeMap<>();
        statuses.forEach((s, n) -> tally.put(s, n.get()));
        double down = fallbacks("down") - fallbacks0.get("down");
        double error = fallbacks("error") - fallbacks0.get("error");
        System.out.printf(
                "replica: %d reads by %d readers, the replica stopped (pg_ctl stop -m fast, %d ms) after %d of them"
                        + " (%d when it was down); answers %s; answered by the replica %.0f, by the primary %.0f;"
                        + " fallbacks: error %.0f, down %.0f%n",
                readers * perReader,
                readers,
                stopped / 1_000_000,
                beforeStop,
                atStop,
                tally,
                before.byReplica(),
                before.byPrimary(),
                error,
                down);
        assertEquals(Map.of(200, readers * perReader), tally, "every read answered 200");
        assertTrue(before.byReplica() > 0, "the replica answered reads before it stopped");
        assertTrue(down + error > 0, "reads after the stop counted as gone to the primary");

        StreamingReplica.replicaCtl("start");
        Answered again = Answered.onceUsable();
        // the first read may still meet a connection the stop broke (it goes to the primary, counted as an error)
        await(
                () -> {
                    try {
                        assertEquals(
                                200, get("/api/leaderboard?scenario=plaintext").statusCode());
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                    return again.byReplica() > 0;
                },
                30,
                "reads to go to the replica again once it is back");
    }

    /** Read endpoints of every kind: cached answers (board, history, frameworks) and direct reads (runs, a badge). */
    private static List<String> readPaths(String run) {
        return List.of(
                "/api/leaderboard?scenario=plaintext",
                "/api/history?scenario=plaintext&framework=Netty",
                "/api/frameworks",
                "/api/runs",
                "/api/runs/" + run,
                "/api/runs/" + run + "/host",
                "/api/runs/" + run + "/envelope",
                "/api/changes",
                "/api/badges/netty/plaintext.svg");
    }

    private boolean onTheBoard(String framework) {
        try {
            HttpResponse<String> board = get("/api/leaderboard?scenario=plaintext");
            assertEquals(200, board.statusCode());
            return board.body().contains("\"framework\":\"" + framework + "\"");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private HttpResponse<String> get(String path) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base.toString()).resolve(path))
                .timeout(Duration.ofSeconds(60))
                .GET()
                .build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** Until the service's check finds the replica usable (podium_read_replica_usable 1). */
    private static void awaitUsable() throws InterruptedException {
        await(() -> metric("podium_read_replica_usable") == 1, 60, "the replica to be usable");
    }

    /** The reads the replica and the primary had answered once the replica was usable: a test's starting point. */
    private record Answered(double replica, double primary) {

        static Answered onceUsable() throws InterruptedException {
            awaitUsable();
            return new Answered(answered("replica"), answered("primary"));
        }

        /** The reads the replica answered since. */
        double byReplica() {
            return answered("replica") - replica;
        }

        /** The reads the primary answered since. */
        double byPrimary() {
            return answered("primary") - primary;
        }
    }

    private static double answered(String source) {
        return metric("podium_read_answered_total\\{[^}]*source=\"" + source + "\"[^}]*}");
    }

    private static double fallbacks(String reason) {
        return metric("podium_read_fallback_total\\{[^}]*reason=\"" + reason + "\"[^}]*}");
    }

    /** A metric's value from /q/metrics, by a pattern of its name and labels; 0 when not counted yet. */
    private static double metric(String namePattern) {
        String metrics = Api.ok("/q/metrics").extract().asString();
        Matcher m =
                Pattern.compile("(?m)^" + namePattern + "(\\{[^}]*})? (\\S+)$").matcher(metrics);
        return m.find() ? Double.parseDouble(m.group(m.groupCount())) : 0;
    }

    private static long replicaStat(String column) {
        try {
            return Long.parseLong(StreamingReplica.onReplica(
                    "select " + column + " from pg_stat_database where datname = current_database()"));
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void await(BooleanSupplier condition, long seconds, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited " + seconds + " s for " + what);
            }
            Thread.sleep(50);
        }
    }
}
