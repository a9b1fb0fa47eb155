package dev.podium.read;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.leaderboard.SignedRuns;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.Rows;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Without the background refresh (PODIUM_READ_CACHE_REFRESH=false) only requests re-read the runs stamp: a request
 * answered from the fast path must leave that turn to the resource, or the board would stay as it was forever. A run
 * stored is on the board within the check interval, however many requests the fast path answered meanwhile.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@TestProfile(ReadCacheStampTest.RefreshOff.class)
class ReadCacheStampTest {

    public static class RefreshOff implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("podium.read-cache.refresh", "false", "podium.read-cache.check-interval", "1s");
        }
    }

    @TestHTTPResource("/api/leaderboard?scenario=plaintext")
    URI board;

    @Inject
    Rows rows;

    @Test
    void a_new_run_shows_within_the_check_interval_when_only_requests_read_the_stamp() throws Exception {
        rows.reset();
        Api.enrol("test-agent");
        Api.submit(SignedRuns.run("00000000-0000-4000-8000-000000000521", "2026-11-20T08:00:00Z")
                        .cell(
                                "Netty",
                                "4.2.7.Final",
                                "non-blocking",
                                "plaintext",
                                256,
                                2,
                                false,
                                2,
                                0,
                                100_000,
                                101_000,
                                99_000)
                        .envelope())
                .then()
                .statusCode(201);
        HttpClient client = HttpClient.newHttpClient();
        HttpRequest get = HttpRequest.newBuilder(board).build();
        long until = System.nanoTime() + 2_500_000_000L;
        while (System.nanoTime() < until) { // answered from the cache, many of them by the fast path
            client.send(get, HttpResponse.BodyHandlers.ofString());
        }
        Api.submit(SignedRuns.run("00000000-0000-4000-8000-000000000522", "2026-11-21T08:00:00Z")
                        .cell("Jetty", "12.1.4", "blocking", "plaintext", 256, 2, false, 2, 0, 80_000, 81_000, 79_000)
                        .envelope())
                .then()
                .statusCode(201);
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
