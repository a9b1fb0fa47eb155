package dev.podium.suite.undertow;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.suite.common.Delay;
import dev.podium.suite.common.Env;
import io.undertow.Handlers;
import io.undertow.Undertow;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.SameThreadExecutor;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Deque;
import java.util.concurrent.TimeUnit;

/**
 * The suite's scenarios as Undertow HttpHandlers on the I/O threads: proxy and delay dispatch the exchange without
 * leaving the I/O thread (SameThreadExecutor) and end it later on that thread, from a client callback or an XNIO timer.
 */
public final class UndertowTarget {
    static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.UTF_8);
    static final ObjectMapper MAPPER = new ObjectMapper();

    record Message(String message) {}

    public static void main(String[] args) {
        int port = Env.port();
        // Undertow ships no high-level client: the JDK's HttpClient, asynchronously, with HTTP/1.1 (no h2c upgrade
        // offer).
        HttpClient client = Env.jdkClient();
        HttpRequest referenceRequest = Env.referenceRequest();

        Undertow server = Undertow.builder() // defaults: one I/O thread per available processor (at least 2)
                .addHttpListener(port, "127.0.0.1")
                .setHandler(Handlers.path()
                        .addExactPath("/plaintext", exchange -> send(exchange, 200, "text/plain", HELLO))
                        .addExactPath(
                                "/json",
                                exchange -> send(
                                        exchange,
                                        200,
                                        "application/json",
                                        MAPPER.writeValueAsBytes(new Message("Hello, World!"))))
                        .addExactPath(
                                "/proxy",
                                exchange -> exchange.dispatch(
                                        SameThreadExecutor.INSTANCE,
                                        () -> client.sendAsync(
                                                        referenceRequest, HttpResponse.BodyHandlers.ofByteArray())
                                                .whenComplete((response, failure) -> exchange.getIoThread()
                                                        .execute(() -> {
                                                            if (failure != null) {
                                                                send(
                                                                        exchange,
                                                                        502,
                                                                        "text/plain",
                                                                        String.valueOf(failure)
                                                                                .getBytes(StandardCharsets.UTF_8));
                                                            } else if (response.statusCode() != 200) {
                                                                send(
                                                                        exchange,
                                                                        502,
                                                                        "text/plain",
                                                                        ("reference answered " + response.statusCode())
                                                                                .getBytes(StandardCharsets.UTF_8));
                                                            } else {
                                                                send(
                                                                        exchange,
                                                                        200,
                                                                        "application/json",
                                                                        response.body());
                                                            }
                                                        }))))
                        .addExactPath("/delay", UndertowTarget::delay))
                .build();
        server.start();
        System.out.println("undertow listening on 127.0.0.1:" + port);
    }

    private static void delay(HttpServerExchange exchange) {
        Deque<String> values = exchange.getQueryParameters().get("ms");
        long ms = Delay.millis(values == null ? null : values.getFirst());
        if (ms < 0) {
            send(exchange, 400, "text/plain", Delay.BAD_MS.getBytes(StandardCharsets.UTF_8));
            return;
        }
        long wait = ms;
        exchange.dispatch(
                SameThreadExecutor.INSTANCE,
                () -> exchange.getIoThread()
                        .executeAfter(() -> send(exchange, 200, "text/plain", HELLO), wait, TimeUnit.MILLISECONDS));
    }

    private static void send(HttpServerExchange exchange, int status, String contentType, byte[] body) {
        exchange.setStatusCode(status);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, contentType);
        exchange.getResponseSender().send(ByteBuffer.wrap(body));
    }
}
