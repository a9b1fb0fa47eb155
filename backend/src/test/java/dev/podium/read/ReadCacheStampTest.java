package dev.podium.read;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.leaderboard.SignedRuns;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/**
 * Without the background refresh (PODIUM_READ_CACHE_REFRESH=false) only requests re-read the runs stamp: a request
 * answered from the fast path must leave that turn to the resource, or the board would stay as it was forever. A run
 * stored is on the board within the check interval, however many requests the fast path answered meanwhile.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@TestProfile(ReadCacheProfile.RefreshOff.class)
class ReadCacheStampTest extends EmptyDatabaseTest {

    @TestHTTPResource("/api/leaderboard?scenario=plaintext")
    URI board;

    @Test
    void a_new_run_shows_within_the_check_interval_when_only_requests_read_the_stamp() throws Exception {
        SignedRuns.run("00000000-0000-4000-8000-000000000521", "2026-11-20T08:00:00Z")
                .netty(256, 100_000, 101_000, 99_000)
                .store();
        HttpClient client = HttpClient.newHttpClient();
        HttpRequest get = HttpRequest.newBuilder(board).build();
        long until = System.nanoTime() + 2_500_000_000L;
        while (System.nanoTime() < until) { // answered from the cache, many of them by the fast path
            client.send(get, HttpResponse.BodyHandlers.ofString());
        }
        SignedRuns.run("00000000-0000-4000-8000-000000000522", "2026-11-21T08:00:00Z")
                .cell("Jetty", "12.1.4", "blocking", "plaintext", 256, 2, false, 2, 0, 80_000, 81_000, 79_000)
                .store();
        boolean shown = false;
        until = System.nanoTime() + 3_000_000_000L; // three check intervals
        while (!shown && System.nanoTime() < until) {
            shown = client.send(get, HttpResponse.BodyHandlers.ofString())
                    .body()
                    .contains("Jetty");
            Thread.sleep(50);
        }
        assertTrue(shown, "the new run's Jetty row is on the board within the check interval");
    }
}
