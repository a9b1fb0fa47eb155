package dev.podium.suite.vertx;

import dev.podium.suite.common.Delay;
import dev.podium.suite.common.Env;
import dev.podium.suite.common.HttpDate;
import dev.podium.suite.common.Worlds;
import io.vertx.core.CompositeFuture;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.ThreadingModel;
import io.vertx.core.VerticleBase;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.client.HttpRequest;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;
import java.util.ArrayList;
import java.util.List;

/**
 * The suite's scenarios on Vert.x Web, one verticle instance per available processor (the Vert.x docs' way to use
 * every core). The argument picks the threading model: "event-loop" (callbacks on the event loop) or "virtual"
 * (Vert.x 5 virtual-thread verticles: handlers written in blocking style that await futures). The db routes use the
 * Vert.x reactive PostgreSQL client (Database): callbacks on the event loop, or await on the virtual thread.
 */
public final class VertxWebTarget extends VerticleBase {
    static final String HELLO = "Hello, World!";

    private final boolean virtual;
    private final int port = Env.port();
    private final String reference = Env.referenceUrl();
    /** Built once per verticle: the WebClient docs' "send can be called multiple times safely" on one HttpRequest. */
    private HttpRequest<Buffer> referenceRequest;

    private Database database;

    VertxWebTarget(boolean virtual) {
        this.virtual = virtual;
    }

    public static void main(String[] args) {
        String model = args.length > 0 ? args[0] : "event-loop";
        if (!model.equals("event-loop") && !model.equals("virtual")) {
            throw new IllegalArgumentException("threading model must be event-loop or virtual, not " + model);
        }
        boolean virtual = model.equals("virtual");
        int instances = Runtime.getRuntime().availableProcessors();
        Vertx vertx = Vertx.vertx();
        DeploymentOptions options = new DeploymentOptions()
                .setInstances(instances)
                .setThreadingModel(virtual ? ThreadingModel.VIRTUAL_THREAD : ThreadingModel.EVENT_LOOP);
        try {
            // Wait for the deployment: virtual-thread verticles start on daemon threads, which alone would let main end
            // the JVM.
            vertx.deployVerticle(() -> new VertxWebTarget(virtual), options)
                    .toCompletionStage()
                    .toCompletableFuture()
                    .join();
            System.out.println("vertx-web (" + model + ") listening with " + instances + " verticle instances");
        } catch (RuntimeException e) {
            e.printStackTrace();
            vertx.close();
            System.exit(1);
        }
    }

    @Override
    public Future<?> start() {
        // The suite's one client setting for bounded pools: up to 64 connections to the reference service (default 5).
        WebClient client = WebClient.create(vertx, new WebClientOptions(), new PoolOptions().setHttp1MaxSize(64));
        referenceRequest = client.getAbs(reference);
        Router router = Router.router(vertx);
        // Vert.x sends no Date header; a route handler ahead of the others (Vert.x Web's way) adds it to every
        // response.
        router.route().handler(ctx -> {
            ctx.response().putHeader("Date", HttpDate.now());
            ctx.next();
        });
        router.get("/plaintext")
                .handler(ctx ->
                        ctx.response().putHeader("Content-Type", "text/plain").end(HELLO));
        router.get("/json").handler(ctx -> ctx.json(new JsonObject().put("message", HELLO)));
        router.get("/proxy").handler(virtual ? this::proxyAwaiting : this::proxy);
        router.get("/delay").handler(virtual ? this::delayAwaiting : this::delay);
        // One pooled client shared by every instance (the first start() creates it), one event loop per instance.
        database = new Database(vertx, System.getenv(), Runtime.getRuntime().availableProcessors());
        router.get("/db").handler(virtual ? this::dbAwaiting : this::db);
        router.get("/queries").handler(virtual ? this::queriesAwaiting : this::queries);
        router.get("/updates").handler(virtual ? this::updatesAwaiting : this::updates);
        router.get("/fortunes").handler(virtual ? this::fortunesAwaiting : this::fortunes);
        return vertx.createHttpServer().requestHandler(router).listen(port, "127.0.0.1");
    }

    private void proxy(RoutingContext ctx) {
        referenceRequest.send().onSuccess(response -> relay(ctx, response)).onFailure(ctx::fail);
    }

    /** On a virtual-thread verticle: await suspends the virtual thread and frees the context for other requests. */
    private void proxyAwaiting(RoutingContext ctx) {
        relay(ctx, referenceRequest.send().await());
    }

    private static void relay(RoutingContext ctx, HttpResponse<Buffer> response) {
        if (response.statusCode() == 200) {
            ctx.response().putHeader("Content-Type", "application/json").end(response.body());
        } else {
            ctx.response()
                    .setStatusCode(502)
                    .putHeader("Content-Type", "text/plain")
                    .end("reference answered " + response.statusCode());
        }
    }

    private void db(RoutingContext ctx) {
        database.world(Worlds.randomId()).onSuccess(ctx::json).onFailure(ctx::fail);
    }

    /** n SELECTs sent at once: the pooled client pipelines them on its connections. */
    private Future<List<JsonObject>> worlds(int n) {
        List<Future<JsonObject>> reads = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            reads.add(database.world(Worlds.randomId()));
        }
        return Future.all(reads).map(CompositeFuture::<JsonObject>list);
    }

    private void queries(RoutingContext ctx) {
        worlds(Worlds.count(ctx.queryParams().get("n")))
                .onSuccess(rows -> ctx.json(new JsonArray(rows)))
                .onFailure(ctx::fail);
    }

    private void updates(RoutingContext ctx) {
        worlds(Worlds.count(ctx.queryParams().get("n")))
                .map(Database::renumbered)
                .compose(rows -> database.update(rows).map(done -> rows))
                .onSuccess(rows -> ctx.json(new JsonArray(rows)))
                .onFailure(ctx::fail);
    }

    private void fortunes(RoutingContext ctx) {
        database.fortunesPage().onSuccess(html -> html(ctx, html)).onFailure(ctx::fail);
    }

    /** On a virtual-thread verticle: each query awaited in turn, in the blocking style of the JDBC targets. */
    private void dbAwaiting(RoutingContext ctx) {
        ctx.json(database.world(Worlds.randomId()).await());
    }

    private List<JsonObject> worldsAwaiting(int n) {
        List<JsonObject> rows = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            rows.add(database.world(Worlds.randomId()).await());
        }
        return rows;
    }

    private void queriesAwaiting(RoutingContext ctx) {
        ctx.json(new JsonArray(worldsAwaiting(Worlds.count(ctx.queryParams().get("n")))));
    }

    private void updatesAwaiting(RoutingContext ctx) {
        List<JsonObject> rows = Database.renumbered(
                worldsAwaiting(Worlds.count(ctx.queryParams().get("n"))));
        database.update(rows).await();
        ctx.json(new JsonArray(rows));
    }

    private void fortunesAwaiting(RoutingContext ctx) {
        html(ctx, database.fortunesPage().await());
    }

    private static void html(RoutingContext ctx, String page) {
        ctx.response().putHeader("Content-Type", "text/html; charset=utf-8").end(page);
    }

    private void delay(RoutingContext ctx) {
        long ms = delayMillis(ctx);
        if (ms < 0) {
            badDelay(ctx);
        } else if (ms == 0) {
            ctx.response().putHeader("Content-Type", "text/plain").end(HELLO);
        } else {
            vertx.setTimer(
                    ms,
                    timer -> ctx.response()
                            .putHeader("Content-Type", "text/plain")
                            .end(HELLO));
        }
    }

    /** Awaits a Vert.x timer: Thread.sleep would hold the verticle's context and serialise its requests. */
    private void delayAwaiting(RoutingContext ctx) {
        long ms = delayMillis(ctx);
        if (ms < 0) {
            badDelay(ctx);
            return;
        }
        if (ms > 0) {
            vertx.timer(ms).await();
        }
        ctx.response().putHeader("Content-Type", "text/plain").end(HELLO);
    }

    private static long delayMillis(RoutingContext ctx) {
        return Delay.millis(ctx.queryParams().get("ms"));
    }

    private static void badDelay(RoutingContext ctx) {
        ctx.response()
                .setStatusCode(400)
                .putHeader("Content-Type", "text/plain")
                .end(Delay.BAD_MS);
    }
}
