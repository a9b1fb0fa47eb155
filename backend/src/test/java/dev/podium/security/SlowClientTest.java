package dev.podium.security;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Slow clients are cut off (the deadlines are shortened here: 2 s for a body, 3 s idle; defaults 30 s), and a client
 * address that sends wrong admin tokens is held back.
 */
@QuarkusTest
@TestProfile(SlowClientTest.ShortDeadlines.class)
@WithTestResource(EmbeddedPostgresResource.class)
class SlowClientTest {

    public static class ShortDeadlines implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "podium.request-body-timeout",
                    "2s",
                    "quarkus.http.idle-timeout",
                    "3s",
                    "podium.admin-max-failures",
                    "3");
        }
    }

    @TestHTTPResource("/")
    URL base;

    @Test
    void a_stalled_body_gets_408_and_its_connection_is_closed() throws Exception {
        try (Socket socket = connect()) {
            send(socket, POST_OF_1000_BYTES + "{\"pay");
            Answer answer = awaitClose(socket);
            assertTrue(answer.text().startsWith("HTTP/1.1 408"), answer.text());
            assertTrue(answer.text().contains("application/problem+json"), answer.text());
            assertTrue(answer.ms() < 6_000, "cut off after " + answer.ms() + " ms");
        }
    }

    @Test
    void a_slow_drip_body_gets_408_although_bytes_keep_coming() throws Exception {
        try (Socket socket = connect()) {
            send(socket, POST_OF_1000_BYTES);
            Thread dripper = Thread.ofVirtual().start(() -> {
                try {
                    for (int i = 0; i < 20; i++) {
                        Thread.sleep(300);
                        send(socket, " ");
                    }
                } catch (Exception closed) {
                    // the server hung up: what this test expects
                }
            });
            Answer answer = awaitClose(socket);
            dripper.interrupt();
            assertTrue(answer.text().startsWith("HTTP/1.1 408"), answer.text());
            assertTrue(answer.ms() < 6_000, "cut off after " + answer.ms() + " ms");
        }
    }

    @Test
    void half_sent_headers_are_closed_by_the_idle_timeout() throws Exception {
        try (Socket socket = connect()) {
            send(socket, "POST /api/runs HTTP/1.1\r\nHost: x\r\nContent-Ty");
            Answer answer = awaitClose(socket);
            assertTrue(answer.text().isEmpty() || answer.text().startsWith("HTTP/1.1 408"), answer.text());
            assertTrue(answer.ms() < 8_000, "closed after " + answer.ms() + " ms");
        }
    }

    @Test
    void wrong_admin_tokens_from_one_address_get_429_with_retry_after_even_for_the_right_token_then() {
        for (int i = 0; i < 3; i++) {
            Api.enrolmentWith("Bearer wrong-" + i, Map.of()).then().statusCode(403);
        }
        Api.enrolmentWith("Bearer wrong-3", Map.of()).then().statusCode(429).header("Retry-After", notNullValue());
        given().header("Authorization", "Bearer test-admin-token")
                .post("/api/agents/1/revoke")
                .then()
                .statusCode(429)
                .header("Retry-After", notNullValue());
    }

    /** The request line and headers of a POST /api/runs announcing a body of 1000 bytes, which the test then holds back. */
    private static final String POST_OF_1000_BYTES =
            "POST /api/runs HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n";

    /** What the server sent until it closed the connection, and how many ms that took. */
    private record Answer(String text, long ms) {}

    private static Answer awaitClose(Socket socket) throws Exception {
        long start = System.nanoTime();
        String text = readAll(socket);
        return new Answer(text, (System.nanoTime() - start) / 1_000_000);
    }

    private Socket connect() throws Exception {
        Socket socket = new Socket(base.getHost(), base.getPort());
        socket.setSoTimeout(20_000);
        return socket;
    }

    private static void send(Socket socket, String text) throws Exception {
        OutputStream out = socket.getOutputStream();
        out.write(text.getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** Everything the server sends until it closes the connection. */
    private static String readAll(Socket socket) throws Exception {
        InputStream in = socket.getInputStream();
        java.io.ByteArrayOutputStream read = new java.io.ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        try {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                read.write(buffer, 0, n);
            }
        } catch (java.net.SocketException reset) {
            // a reset is a close too
        }
        return read.toString(StandardCharsets.UTF_8);
    }
}
