package dev.podium.suite.vertx;

import io.vertx.core.DeploymentOptions;
import io.vertx.core.Future;
import io.vertx.core.VerticleBase;
import io.vertx.core.Vertx;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.client.WebClient;
import io.vertx.ext.web.client.WebClientOptions;

/** The suite's scenarios on Vert.x Web; one verticle instance per available processor, as the Vert.x docs advise for scaling over cores. */
public final class VertxWebTarget extends VerticleBase {
    static final String HELLO = "Hello, World!";

    private final int port = Integer.parseInt(System.getenv().getOrDefault("PORT", "8080"));
    private final String reference = System.getenv().getOrDefault("PODIUM_REFERENCE_URL", "http://127.0.0.1:9090/reference");

    public static void main(String[] args) {
        int instances = Runtime.getRuntime().availableProcessors();
        Vertx vertx = Vertx.vertx();
        vertx.deployVerticle(VertxWebTarget::new, new DeploymentOptions().setInstances(instances))
                .onSuccess(id -> System.out.println("vertx-web listening with " + instances + " verticle instances"))
                .onFailure(failure -> {
                    failure.printStackTrace();
                    vertx.close();
                });
    }

    @Override
    public Future<?> start() {
        // The suite's one client setting for bounded pools: up to 64 connections to the reference service (default 5).
        WebClient client = WebClient.create(vertx, new WebClientOptions(), new PoolOptions().setHttp1MaxSize(64));
        Router router = Router.router(vertx);
        router.get("/plaintext").handler(ctx -> ctx.response().putHeader("Content-Type", "text/plain").end(HELLO));
        router.get("/json").handler(ctx -> ctx.json(new JsonObject().put("message", HELLO)));
        router.get("/proxy").handler(ctx -> client.getAbs(reference).send()
                .onSuccess(response -> {
                    if (response.statusCode() == 200) {
                        ctx.response().putHeader("Content-Type", "application/json").end(response.body());
                    } else {
                        ctx.response().setStatusCode(502).putHeader("Content-Type", "text/plain")
                                .end("reference answered " + response.statusCode());
                    }
                })
                .onFailure(ctx::fail));
        router.get("/delay").handler(this::delay);
        return vertx.createHttpServer().requestHandler(router).listen(port, "127.0.0.1");
    }

    private void delay(RoutingContext ctx) {
        long ms;
        try {
            ms = Long.parseLong(ctx.queryParams().get("ms"));
        } catch (NumberFormatException e) {
            ms = -1;
        }
        if (ms < 0) {
            ctx.response().setStatusCode(400).putHeader("Content-Type", "text/plain").end("ms must be a whole number of milliseconds");
        } else if (ms == 0) {
            ctx.response().putHeader("Content-Type", "text/plain").end(HELLO);
        } else {
            vertx.setTimer(ms, timer -> ctx.response().putHeader("Content-Type", "text/plain").end(HELLO));
        }
    }
}
