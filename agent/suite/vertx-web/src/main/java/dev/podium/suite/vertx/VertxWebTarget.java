package dev.podium.suite.vertx;

import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.ThreadingModel;
import io.vertx.core.VerticleBase;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.client.HttpRequest;
import io.vertx.ext.web.client.HttpResponse;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;

/**
 * The suite's scenarios on Vert.x Web, one verticle instance per available processor (the Vert.x docs' way to use
 * every core). The argument picks the threading model: "event-loop" (callbacks on the event loop) or "virtual"
 * (Vert.x 5 virtual-thread verticles: handlers written in blocking style that await futures).
 */
public final class VertxWebTarget extends VerticleBase {
    static final String HELLO = "Hello, World!";

    private final boolean virtual;
    private final int port = Integer.parseInt(System.getenv().getOrDefault("PORT", "8080"));
    private final String reference =
            System.getenv().getOrDefault("PODIUM_REFERENCE_URL", "http://127.0.0.1:9090/reference");
    /** Built once per verticle: the WebClient docs' "send can be called multiple times safely" on one HttpRequest. */
    private HttpRequest<Buffer> referenceRequest;

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
        try {
            return Math.max(-1, Long.parseLong(ctx.queryParams().get("ms")));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static void badDelay(RoutingContext ctx) {
        ctx.response()
                .setStatusCode(400)
                .putHeader("Content-Type", "text/plain")
                .end("ms must be a whole number of milliseconds");
    }
}
