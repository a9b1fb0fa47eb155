package dev.podium.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.leaderboard.SignedRuns;
import dev.podium.testing.Api;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The read cache as the service runs it (background refresh on, the stamp re-read at most once a second): a board a
 * visitor asked for is rendered again as soon as a new run lands, before anyone asks, so the next visitor gets the new
 * run without waiting for the queries; and a request seen before is answered before the REST layer with the very
 * bytes and headers the resource sent.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
@TestProfile(ReadCacheProfile.AsInProduction.class)
class ReadCacheRefreshTest extends EmptyDatabaseTest {

    @TestHTTPResource("/api/leaderboard?scenario=plaintext&sla=150")
    URI board;

    private final HttpClient client = HttpClient.newHttpClient();

    @Test
    void a_board_asked_for_is_rendered_again_when_a_run_lands_and_the_next_request_renders_nothing() throws Exception {
        store(SignedRuns.run("00000000-0000-4000-8000-000000000501", "2026-11-20T08:00:00Z")
                .netty(256, 100_000, 101_000, 99_000));
        assertEquals(200, get(board).statusCode()); // asked for once: now it is kept fresh
        quiet();
        double requestRenders = renders("request");
        double refreshRenders = renders("refresh");

        store(SignedRuns.run("00000000-0000-4000-8000-000000000502", "2026-11-21T08:00:00Z")
                .netty(256, 100_000, 101_000, 99_000)
                .cell("Jetty", "12.1.4", "blocking", "plaintext", 256, 2, false, 2, 0, 80_000, 81_000, 79_000));
        long until = System.nanoTime() + 20_000_000_000L;
        while (renders("refresh") == refreshRenders && System.nanoTime() < until) {
            Thread.sleep(100);
        }
        assertTrue(renders("refresh") > refreshRenders, "the board was rendered again in the background");
        quiet();

        String answer = new String(get(board).body());
        assertTrue(answer.contains("Jetty"), "the new run's Jetty row is on the board");
        assertEquals(requestRenders, renders("request"), "the visitor's request was served from the refreshed answer");
    }

    @Test
    void a_request_seen_before_gets_the_resources_answer_from_the_fast_path_and_a_new_run_shows() throws Exception {
        store(SignedRuns.run("00000000-0000-4000-8000-000000000511", "2026-11-20T08:00:00Z")
                .netty(256, 100_000, 101_000, 99_000)
                .cell("Jetty", "12.1.4", "blocking", "plaintext", 256, 2, false, 2, 0, 80_000, 81_000, 79_000));
        quiet();
        String[][] variants = {{}, {"Accept-Encoding", "gzip"}, {"Accept", "text/csv"}};
        for (String[] headers : variants) {
            HttpResponse<byte[]> first =
                    get(board, headers); // the resource renders or finds it, and the path is learnt
            double fastBefore = metric("podium_read_fast_answers_total");
            HttpResponse<byte[]> again = get(board, headers);
            if (metric("podium_read_fast_answers_total") == fastBefore) {
                again = get(board, headers); // that one re-read the stamp (once a second), through the resource
            }
            assertEquals(fastBefore + 1, metric("podium_read_fast_answers_total"), "answered by the fast path");
            assertEquals(200, again.statusCode());
            assertArrayEquals(first.body(), again.body(), "the same bytes as the resource sent");
            for (String h : new String[] {
                "content-type", "content-encoding", "vary", "x-content-type-options", "content-security-policy"
            }) {
                assertEquals(
                        first.headers().allValues(h), again.headers().allValues(h), h + " as the resource sent it");
            }
        }

        store(SignedRuns.run("00000000-0000-4000-8000-000000000512", "2026-11-21T08:00:00Z")
                .cell("Tomcat", "11.0.14", "blocking", "plaintext", 256, 2, false, 2, 0, 70_000, 71_000, 69_000));
        Thread.sleep(1100);
        assertTrue(
                new String(get(board).body()).contains("Tomcat"), "the new run is on the board a check interval later");
    }

    /** Stores a run (201), as an agent would push it. */
    private static void store(SignedRuns run) {
        Api.store(run.envelope());
    }

    private HttpResponse<byte[]> get(URI uri, String... header) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri);
        if (header.length == 2) {
            b.header(header[0], header[1]);
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    /** Waits until no background rendering is queued or running and none started for 1.5 s. */
    private static void quiet() throws InterruptedException {
        long until = System.nanoTime() + 30_000_000_000L;
        double seen = renders("refresh");
        long stableSince = System.nanoTime();
        while (System.nanoTime() < until) {
            Thread.sleep(100);
            double now = renders("refresh");
            if (now != seen || metric("podium_read_background_busy") != 0) {
                seen = now;
                stableSince = System.nanoTime();
            } else if (System.nanoTime() - stableSince > 1_500_000_000L) {
                return;
            }
        }
    }

    /** podium_read_renders_total{trigger=...} from /q/metrics (0 when not counted yet). */
    static double renders(String trigger) {
        return metric("podium_read_renders_total\\{[^}]*trigger=\"" + trigger + "\"[^}]*}");
    }

    /** A metric's value from /q/metrics, by a pattern of its name (and labels); 0 when not counted yet. */
    static double metric(String namePattern) {
        String metrics = Api.ok("/q/metrics").extract().asString();
        Matcher m =
                Pattern.compile("(?m)^" + namePattern + "(\\{[^}]*})? (\\S+)$").matcher(metrics);
        return m.find() ? Double.parseDouble(m.group(m.groupCount())) : 0;
    }
}
