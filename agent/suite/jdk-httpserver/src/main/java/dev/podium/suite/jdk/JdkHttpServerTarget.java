package dev.podium.suite.jdk;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.podium.suite.common.Delay;
import dev.podium.suite.common.Env;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** The suite's scenarios on the JDK's HttpServer; the argument picks the executor: "platform" (a fixed pool) or "virtual". */
public final class JdkHttpServerTarget {
    /** The same maximum as Tomcat's and Jetty's default request pools, so blocking targets park the same number of threads. */
    static final int PLATFORM_THREADS = 200;

    static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.UTF_8);
    static final ObjectMapper MAPPER = new ObjectMapper();

    record Message(String message) {}

    public static void main(String[] args) throws IOException {
        String threads = args.length > 0 ? args[0] : "platform";
        ExecutorService executor = switch (threads) {
            case "platform" -> Executors.newFixedThreadPool(PLATFORM_THREADS);
            case "virtual" -> Executors.newVirtualThreadPerTaskExecutor();
            default -> throw new IllegalArgumentException("executor must be platform or virtual, not " + threads);
        };
        // The suite's keep-alive rule: a documented jdk.httpserver property, since by default the server closes idle
        // keep-alive connections beyond 200, which a closed-loop load of more connections would see as errors.
        System.setProperty("sun.net.httpserver.maxIdleConnections", "65536");
        int port = Env.port();
        // HTTP/1.1 explicitly: the default (HTTP/2) would offer an h2c upgrade on every plain-HTTP request.
        HttpClient client = Env.jdkClient();
        HttpRequest referenceRequest = Env.referenceRequest();

        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 1024);
        server.setExecutor(executor);
        server.createContext("/plaintext", exchange -> send(exchange, 200, "text/plain", HELLO));
        server.createContext(
                "/json",
                exchange -> send(
                        exchange, 200, "application/json", MAPPER.writeValueAsBytes(new Message("Hello, World!"))));
        server.createContext("/proxy", exchange -> {
            try {
                HttpResponse<byte[]> response = client.send(referenceRequest, HttpResponse.BodyHandlers.ofByteArray());
                if (response.statusCode() == 200) {
                    send(exchange, 200, "application/json", response.body());
                } else {
                    send(
                            exchange,
                            502,
                            "text/plain",
                            ("reference answered " + response.statusCode()).getBytes(StandardCharsets.UTF_8));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                send(exchange, 503, "text/plain", "interrupted".getBytes(StandardCharsets.UTF_8));
            }
        });
        server.createContext("/delay", exchange -> {
            long ms = delayMillis(exchange.getRequestURI().getRawQuery());
            if (ms < 0) {
                send(exchange, 400, "text/plain", Delay.BAD_MS.getBytes(StandardCharsets.UTF_8));
                return;
            }
            Delay.sleep(ms);
            send(exchange, 200, "text/plain", HELLO);
        });
        server.start();
        System.out.println("jdk-httpserver (" + threads + " threads) listening on 127.0.0.1:" + port);
    }

    /** The ms query parameter, or -1 when it is missing or not a whole number. */
    static long delayMillis(String query) {
        if (query != null) {
            for (String pair : query.split("&")) {
                if (pair.startsWith("ms=")) {
                    return Delay.millis(pair.substring(3));
                }
            }
        }
        return -1;
    }

    static void send(HttpExchange exchange, int status, String contentType, byte[] body) throws IOException {
        try (exchange) {
            exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().set("Content-Type", contentType);
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }
}
