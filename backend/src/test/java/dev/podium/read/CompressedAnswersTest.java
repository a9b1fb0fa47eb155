package dev.podium.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.cache.ReadCache;
import dev.podium.leaderboard.SignedRuns;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.Rows;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * A client that accepts gzip (every browser) gets the read answers gzipped, a few times smaller, and they unzip to the
 * very bytes a client without Accept-Encoding gets; a client that refuses gzip gets the plain bytes. The header
 * parsing follows RFC 9110 (weights, *, x-gzip).
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class CompressedAnswersTest {

    @TestHTTPResource("/api/leaderboard?scenario=plaintext")
    URI board;

    @Inject
    Rows rows;

    @Test
    void accept_encoding_gzip_gets_the_same_answer_gzipped() throws Exception {
        rows.resetWithTestAgent();
        SignedRuns run = SignedRuns.run("00000000-0000-4000-8000-000000000601", "2026-11-20T08:00:00Z");
        for (String framework : new String[] {"Netty", "Jetty", "Tomcat", "Undertow", "Helidon SE", "Vert.x Web"}) {
            run.cell(framework, "1.0", "non-blocking", "plaintext", 256, 2, false, 2, 0, 90_000, 91_000, 89_000);
        }
        Api.store(run.envelope());

        HttpClient client = HttpClient.newHttpClient();
        HttpResponse<byte[]> plain =
                client.send(HttpRequest.newBuilder(board).build(), HttpResponse.BodyHandlers.ofByteArray());
        HttpResponse<byte[]> zipped = client.send(
                HttpRequest.newBuilder(board)
                        .header("Accept-Encoding", "br;q=1.0, gzip;q=0.8")
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());
        HttpResponse<byte[]> refused = client.send(
                HttpRequest.newBuilder(board)
                        .header("Accept-Encoding", "gzip;q=0, identity")
                        .build(),
                HttpResponse.BodyHandlers.ofByteArray());

        assertEquals(200, plain.statusCode());
        assertTrue(plain.headers().firstValue("Content-Encoding").isEmpty()
                || plain.headers().firstValue("Content-Encoding").get().equals("identity"));
        assertEquals("gzip", zipped.headers().firstValue("Content-Encoding").orElse(null));
        assertEquals("Accept-Encoding", zipped.headers().firstValue("Vary").orElse(null));
        assertEquals(1, zipped.headers().allValues("Content-Encoding").size());
        byte[] unzipped = new GZIPInputStream(new ByteArrayInputStream(zipped.body())).readAllBytes();
        assertArrayEquals(plain.body(), unzipped, "the gzipped answer is the plain one");
        assertTrue(
                zipped.body().length * 3 < plain.body().length,
                "gzipped " + zipped.body().length + " bytes, plain " + plain.body().length);
        assertArrayEquals(plain.body(), refused.body(), "gzip;q=0 gets the plain bytes");
        assertFalse(refused.headers()
                .firstValue("Content-Encoding")
                .orElse("identity")
                .equals("gzip"));

        // later requests are answered from the cache's one off-heap copy of each body: every one of them gets all
        // of its bytes (a response that consumed or released the shared copy would leave the next one empty)
        for (int i = 0; i < 5; i++) {
            assertArrayEquals(
                    plain.body(),
                    client.send(HttpRequest.newBuilder(board).build(), HttpResponse.BodyHandlers.ofByteArray())
                            .body(),
                    "plain answer " + (i + 2));
            assertArrayEquals(
                    zipped.body(),
                    client.send(
                                    HttpRequest.newBuilder(board)
                                            .header("Accept-Encoding", "gzip")
                                            .build(),
                                    HttpResponse.BodyHandlers.ofByteArray())
                            .body(),
                    "gzipped answer " + (i + 2));
        }
    }

    @Test
    void accept_encoding_is_read_as_rfc_9110_says() {
        assertTrue(Answers.acceptsGzip("gzip"));
        assertTrue(Answers.acceptsGzip("gzip, deflate, br, zstd"));
        assertTrue(Answers.acceptsGzip("br;q=1.0, GZIP;q=0.5"));
        assertTrue(Answers.acceptsGzip("x-gzip"));
        assertTrue(Answers.acceptsGzip("*"));
        assertFalse(Answers.acceptsGzip(null));
        assertFalse(Answers.acceptsGzip(""));
        assertFalse(Answers.acceptsGzip("identity"));
        assertFalse(Answers.acceptsGzip("gzip;q=0"));
        assertFalse(Answers.acceptsGzip("gzip; q=0.000"));
        assertFalse(Answers.acceptsGzip("*, gzip;q=0"));
        assertFalse(Answers.acceptsGzip("*;q=0"));
        assertTrue(Answers.acceptsGzip("deflate, *;q=0.1"));
    }

    @Test
    void small_answers_are_not_gzipped() {
        assertNull(new ReadCache.Answer(new byte[100], "application/json").gzip());
    }
}
