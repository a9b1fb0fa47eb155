package dev.podium.testing;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A webhook receiver on loopback that counts by webhook-id, as Standard Webhooks receivers deduplicate: while down it
 * answers 503 to everything; up, 204.
 */
public final class WebhookReceiver implements AutoCloseable {

    /** One request as received: its webhook-id and the status answered. */
    public record Received(String webhookId, int status) {}

    private final HttpServer server;
    private volatile boolean up = true;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Map<String, AtomicInteger> accepted = new ConcurrentHashMap<>();

    public WebhookReceiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/hook", exchange -> {
            exchange.getRequestBody().readAllBytes();
            String id = exchange.getRequestHeaders().getFirst("webhook-id");
            int status = up ? 204 : 503;
            received.add(new Received(id, status));
            if (status == 204) {
                accepted.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
            }
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
    }

    public void up(boolean up) {
        this.up = up;
    }

    /** Every request, in order. */
    public List<Received> received() {
        return List.copyOf(received);
    }

    /** webhook-id -> how many times it was answered 2xx. */
    public Map<String, Integer> accepted() {
        Map<String, Integer> out = new java.util.TreeMap<>();
        accepted.forEach((id, n) -> out.put(id, n.get()));
        return out;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
