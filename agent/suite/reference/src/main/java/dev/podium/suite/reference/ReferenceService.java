package dev.podium.suite.reference;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.LongAdder;

/** The service that every target's proxy scenario calls: GET /reference answers a fixed JSON document, GET /stats counts those calls. */
public final class ReferenceService {
    static final byte[] REFERENCE =
            "{\"id\":1,\"message\":\"Hello from the reference service\"}".getBytes(StandardCharsets.UTF_8);

    public static void main(String[] args) throws IOException {
        int port = Integer.parseInt(System.getenv().getOrDefault("PORT", "9090"));
        // The JDK server closes idle keep-alive connections beyond 200 by default; targets' client pools keep more
        // open.
        System.setProperty("sun.net.httpserver.maxIdleConnections", "65536");
        LongAdder requests = new LongAdder();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 1024);
        // Virtual threads: the reference must never be the bottleneck, however many connections the targets open.
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", exchange -> {
            // Exact paths only: a client that mangles the URL (a trailing slash, a doubled path) must not pass.
            switch (exchange.getRequestURI().getPath()) {
                case "/reference" -> {
                    requests.increment();
                    send(exchange, 200, REFERENCE);
                }
                case "/stats" ->
                    send(exchange, 200, ("{\"requests\":" + requests.sum() + "}").getBytes(StandardCharsets.UTF_8));
                default -> send(exchange, 404, "{\"error\":\"not found\"}".getBytes(StandardCharsets.UTF_8));
            }
        });
        server.start();
        System.out.println("reference service listening on 127.0.0.1:" + port);
    }

    private static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
        try (exchange) {
            exchange.getRequestBody().readAllBytes();
            if (!"GET".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }
}
