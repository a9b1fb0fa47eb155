package dev.podium.suite.helidon;

import dev.podium.suite.common.Delay;
import dev.podium.suite.common.Env;
import dev.podium.suite.common.Worlds;
import dev.podium.suite.db.Database;
import io.helidon.http.HeaderNames;
import io.helidon.http.Status;
import io.helidon.webclient.api.HttpClientResponse;
import io.helidon.webclient.api.WebClient;
import io.helidon.webserver.WebServer;
import io.helidon.webserver.http.Handler;
import io.helidon.webserver.http.HttpRules;
import io.helidon.webserver.http.ServerRequest;
import io.helidon.webserver.http.ServerResponse;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;

/**
 * The suite's scenarios on Helidon SE 4: plain blocking handlers, each request on its own virtual thread; the db
 * routes use blocking JDBC on that thread (the db-jdbc module's Database).
 */
public final class HelidonTarget {
    static final String HELLO = "Hello, World!";

    record Message(String message) {}

    private final WebClient client;
    /** The db routes' pool (PODIUM_TARGET_DB_*) starts on the first db request: no database is needed to start. */
    private final Database database = Database.fromEnvironment(System.getenv());

    HelidonTarget(String referenceUrl) {
        this.client = WebClient.builder().baseUri(referenceUrl).build();
    }

    public static void main(String[] args) {
        int port = Env.port();
        HelidonTarget target = new HelidonTarget(Env.referenceUrl());
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
                .get("/delay", HelidonTarget::delay)
                .get("/db", db((req, res) -> res.send(database.world())))
                .get("/queries", db((req, res) -> res.send(database.worlds(count(req)))))
                .get("/updates", db((req, res) -> res.send(database.update(count(req)))))
                .get("/fortunes", db(this::fortunes));
    }

    /** A db route, with a database error answered 500 (Helidon would close the connection without an answer). */
    private static Handler db(Handler route) {
        return (req, res) -> {
            try {
                route.handle(req, res);
            } catch (SQLException e) {
                res.status(Status.INTERNAL_SERVER_ERROR_500);
                text(res, String.valueOf(e));
            }
        };
    }

    private static int count(ServerRequest req) {
        return Worlds.count(req.query().contains("n") ? req.query().get("n") : null);
    }

    private void fortunes(ServerRequest req, ServerResponse res) throws SQLException {
        byte[] page = database.fortunesPage().getBytes(StandardCharsets.UTF_8);
        res.header(HeaderNames.CONTENT_TYPE, "text/html; charset=utf-8").send(page);
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
        long ms = Delay.millis(req.query().contains("ms") ? req.query().get("ms") : null);
        if (ms < 0) {
            res.status(Status.BAD_REQUEST_400);
            text(res, Delay.BAD_MS);
            return;
        }
        Thread.sleep(ms);
        text(res, HELLO);
    }

    private static void text(ServerResponse res, String body) {
        res.header(HeaderNames.CONTENT_TYPE, "text/plain").send(body);
    }
}
