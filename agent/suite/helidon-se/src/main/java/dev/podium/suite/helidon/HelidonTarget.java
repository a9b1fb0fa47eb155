package dev.podium.suite.helidon;

import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webclient.api.HttpClientResponse;
import io.helidon.webclient.api.WebClient;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;

/** The suite's scenarios on Helidon SE 4: plain blocking handlers, each request on its own virtual thread. */
public final class HelidonTarget {
    static final String HELLO = "Hello, World!";

    record Message(String message) {}

    private final WebClient client;

    HelidonTarget(String referenceUrl) {
        this.client = WebClient.builder().baseUri(referenceUrl).build();
    }

    public static void main(String[] args) {
        int port = Integer.parseInt(System.getenv().getOrDefault("PORT", "8080"));
        String reference = System.getenv().getOrDefault("PODIUM_REFERENCE_URL", "http://127.0.0.1:9090/reference");
        HelidonTarget target = new HelidonTarget(reference);
        WebServer server = WebServer.builder()
                .host("127.0.0.1")
                .port(port)
                .backlog(1024)
                .routing(target::routing)
                .build()
                .start();
        System.out.println("helidon-se listening on 127.0.0.1:" + server.port());
    }

    void routing(HttpRules rules) {
        rules.get("/plaintext", (req, res) -> text(res, HELLO))
                .get("/json", (req, res) -> res.send(new Message(HELLO)))
                .get("/proxy", this::proxy)
                .get("/delay", HelidonTarget::delay);
    }

    private void proxy(ServerRequest req, ServerResponse res) {
        try (HttpClientResponse answer = client.get().request()) {
            if (answer.status().code() == 200) {
                res.header(HeaderNames.CONTENT_TYPE, "application/json")
                        .send(answer.entity().as(byte[].class));
            } else {
                res.status(Status.BAD_GATEWAY_502);
                text(res, "reference answered " + answer.status().code());
            }
        }
    }

    private static void delay(ServerRequest req, ServerResponse res) throws InterruptedException {
        long ms;
        try {
            ms = req.query().contains("ms") ? Long.parseLong(req.query().get("ms")) : -1;
        } catch (NumberFormatException e) {
            ms = -1;
        }
        if (ms < 0) {
            res.status(Status.BAD_REQUEST_400);
            text(res, "ms must be a whole number of milliseconds");
            return;
        }
        Thread.sleep(ms);
        text(res, HELLO);
    }

    private static void text(ServerResponse res, String body) {
        res.header(HeaderNames.CONTENT_TYPE, "text/plain").send(body);
    }
}
