package dev.podium.common;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.testing.EmbeddedPostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * The site's hashed scripts go out compressed as the browser asks, Brotli or gzip, from the copies the build wrote
 * (test resources stand in for frontend/dist: assets/chart-5e1d2c3b.js with its .gz and .br), on GET and HEAD alike,
 * cached for a year; the page shell is not cached that way.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class CompressedAssetsTest {

    static final String IMMUTABLE = "public, max-age=31536000, immutable";

    @TestHTTPResource("/assets/chart-5e1d2c3b.js")
    URI chart;

    @TestHTTPResource("/")
    URI home;

    private final HttpClient client = HttpClient.newHttpClient();

    @Test
    void gzip_when_asked_unzips_to_the_file() throws Exception {
        byte[] plain = resource("chart-5e1d2c3b.js");
        HttpResponse<byte[]> gzip = get(chart, "gzip, deflate");
        assertEquals(200, gzip.statusCode());
        assertEquals("gzip", header(gzip, "Content-Encoding"));
        assertEquals("Accept-Encoding", header(gzip, "Vary"));
        assertEquals(IMMUTABLE, header(gzip, "Cache-Control"));
        assertEquals("nosniff", header(gzip, "X-Content-Type-Options"));
        assertTrue(header(gzip, "Content-Type").startsWith("text/javascript"), header(gzip, "Content-Type"));
        assertArrayEquals(plain, new GZIPInputStream(new ByteArrayInputStream(gzip.body())).readAllBytes());
        assertTrue(gzip.body().length * 10 < plain.length, gzip.body().length + " bytes gzipped of " + plain.length);
    }

    @Test
    void brotli_when_asked_and_first_when_both_are_taken() throws Exception {
        byte[] br = resource("chart-5e1d2c3b.js.br");
        for (String accept : new String[] {"br", "gzip, deflate, br, zstd", "br;q=1.0, gzip;q=0.8", "*"}) {
            HttpResponse<byte[]> answer = get(chart, accept);
            assertEquals(200, answer.statusCode(), accept);
            assertEquals("br", header(answer, "Content-Encoding"), accept);
            assertEquals(IMMUTABLE, header(answer, "Cache-Control"), accept);
            assertArrayEquals(br, answer.body(), accept);
        }
        assertEquals("gzip", header(get(chart, "br;q=0.5, gzip"), "Content-Encoding"));
        assertEquals("gzip", header(get(chart, "gzip, br;q=0"), "Content-Encoding"));
    }

    @Test
    void head_names_the_same_encoding_and_length_as_get() throws Exception {
        for (String coding : new String[] {"gzip", "br"}) {
            HttpResponse<byte[]> head = client.send(
                    HttpRequest.newBuilder(chart)
                            .method("HEAD", HttpRequest.BodyPublishers.noBody())
                            .header("Accept-Encoding", coding)
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, head.statusCode());
            assertEquals(coding, header(head, "Content-Encoding"));
            assertEquals(IMMUTABLE, header(head, "Cache-Control"));
            assertEquals(
                    String.valueOf(resource("chart-5e1d2c3b.js" + (coding.equals("br") ? ".br" : ".gz")).length),
                    header(head, "Content-Length"));
        }
    }

    @Test
    void a_client_that_takes_neither_gets_the_plain_file() throws Exception {
        byte[] plain = resource("chart-5e1d2c3b.js");
        for (String accept : new String[] {null, "identity", "gzip;q=0, br;q=0", "deflate"}) {
            HttpResponse<byte[]> answer = get(chart, accept);
            assertEquals(200, answer.statusCode(), accept);
            assertNull(header(answer, "Content-Encoding"), accept);
            assertEquals("Accept-Encoding", header(answer, "Vary"), accept);
            assertEquals(IMMUTABLE, header(answer, "Cache-Control"), accept);
            assertArrayEquals(plain, answer.body(), accept);
        }
    }

    @Test
    void the_page_shell_is_revalidated_and_a_missing_asset_is_not_cached() throws Exception {
        HttpResponse<byte[]> page = get(home, "gzip, br");
        assertEquals(200, page.statusCode());
        assertEquals("no-cache", header(page, "Cache-Control"));
        for (URI shell : new URI[] {home, home.resolve("/index.html")}) {
            HttpResponse<byte[]> head = client.send(
                    HttpRequest.newBuilder(shell)
                            .method("HEAD", HttpRequest.BodyPublishers.noBody())
                            .build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, head.statusCode(), shell.toString());
            assertEquals("no-cache", header(head, "Cache-Control"), "HEAD " + shell);
        }
        HttpResponse<byte[]> missing = get(chart.resolve("/assets/chart-00000000.js"), "gzip, br");
        assertEquals(404, missing.statusCode());
        assertTrue(!IMMUTABLE.equals(header(missing, "Cache-Control")), header(missing, "Cache-Control"));
    }

    @Test
    void accept_encoding_weights_decide() {
        assertEquals("br", PrecompressedAssets.chosen("gzip, br", true, true));
        assertEquals("gzip", PrecompressedAssets.chosen("gzip, br", false, true));
        assertEquals("gzip", PrecompressedAssets.chosen("x-gzip", true, true));
        assertEquals("gzip", PrecompressedAssets.chosen("br;q=0.2, *;q=0.5", true, true));
        assertEquals("br", PrecompressedAssets.chosen("BR; Q=0.9", true, true));
        assertNull(PrecompressedAssets.chosen("*;q=0", true, true));
        assertNull(PrecompressedAssets.chosen("br", false, true));
        assertNull(PrecompressedAssets.chosen("", true, true));
    }

    private HttpResponse<byte[]> get(URI uri, String acceptEncoding) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri);
        if (acceptEncoding != null) {
            request.header("Accept-Encoding", acceptEncoding);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    private static String header(HttpResponse<?> answer, String name) {
        return answer.headers().firstValue(name).orElse(null);
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = CompressedAssetsTest.class.getResourceAsStream("/META-INF/resources/assets/" + name)) {
            return in.readAllBytes();
        }
    }
}
