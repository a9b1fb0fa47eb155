package dev.podium.suite.javalin;

import dev.podium.suite.common.Delay;
import dev.podium.suite.common.Env;
import dev.podium.suite.common.Worlds;
import dev.podium.suite.db.Database;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * The suite's scenarios as Javalin handlers; the argument picks Jetty's threads: "platform" or "virtual". The db routes
 * use blocking JDBC on the handler's thread (the db-jdbc module's Database).
 */
public final class JavalinTarget {
    static final String HELLO = "Hello, World!";

    public record Message(String message) {}

    public static void main(String[] args) {
        String threads = args.length > 0 ? args[0] : "platform";
        if (!threads.equals("platform") && !threads.equals("virtual")) {
            throw new IllegalArgumentException("threads must be platform or virtual, not " + threads);
        }
        int port = Env.port();
        // Javalin ships no client: the JDK's, blocking, with HTTP/1.1 (no h2c upgrade offer on plain HTTP).
        HttpClient client = Env.jdkClient();
        HttpRequest referenceRequest = Env.referenceRequest();
        // The db routes' pool (PODIUM_TARGET_DB_*) starts on the first db request: no database is needed to start.
        Database database = Database.fromEnvironment(System.getenv());

        Javalin.create(config -> {
                    config.startup.showJavalinBanner = false;
                    // Javalin's documented switch: Jetty runs the handlers on virtual threads.
                    config.concurrency.useVirtualThreads = threads.equals("virtual");
                    config.jetty.host = "127.0.0.1";
                    config.jetty.port = port;
                    config.routes.get(
                            "/plaintext", ctx -> ctx.contentType("text/plain").result(HELLO));
                    config.routes.get("/json", ctx -> ctx.json(new Message(HELLO)));
                    config.routes.get("/proxy", ctx -> {
                        HttpResponse<byte[]> answer =
                                client.send(referenceRequest, HttpResponse.BodyHandlers.ofByteArray());
                        if (answer.statusCode() == 200) {
                            ctx.contentType("application/json").result(answer.body());
                        } else {
                            ctx.status(502)
                                    .contentType("text/plain")
                                    .result("reference answered " + answer.statusCode());
                        }
                    });
                    config.routes.get("/delay", JavalinTarget::delay);
                    config.routes.get("/db", ctx -> ctx.json(database.world()));
                    config.routes.get("/queries", ctx -> ctx.json(database.worlds(Worlds.count(ctx.queryParam("n")))));
                    config.routes.get("/updates", ctx -> ctx.json(database.update(Worlds.count(ctx.queryParam("n")))));
                    config.routes.get(
                            "/fortunes",
                            ctx -> ctx.contentType("text/html; charset=utf-8").result(database.fortunesPage()));
                })
                .start();
    }

    private static void delay(Context ctx) throws InterruptedException {
        long ms = Delay.millis(ctx.queryParam("ms"));
        if (ms < 0) {
            ctx.status(400).contentType("text/plain").result(Delay.BAD_MS);
            return;
        }
        Thread.sleep(ms);
        ctx.contentType("text/plain").result(HELLO);
    }
}
