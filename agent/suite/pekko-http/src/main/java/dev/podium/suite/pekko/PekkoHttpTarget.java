package dev.podium.suite.pekko;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.completeWithFuture;
import static org.apache.pekko.http.javadsl.server.Directives.concat;
import static org.apache.pekko.http.javadsl.server.Directives.get;
import static org.apache.pekko.http.javadsl.server.Directives.parameter;
import static org.apache.pekko.http.javadsl.server.Directives.path;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.http.javadsl.Http;
import org.apache.pekko.http.javadsl.marshallers.jackson.Jackson;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.http.javadsl.unmarshalling.StringUnmarshallers;
import org.apache.pekko.pattern.Patterns;
import org.apache.pekko.stream.Materializer;

/** The suite's scenarios in Pekko HTTP's routing DSL: nothing blocks; proxy and delay complete with futures. */
public final class PekkoHttpTarget {
    static final String HELLO = "Hello, World!";

    public record Message(String message) {}

    public static void main(String[] args) {
        int port = Integer.parseInt(System.getenv().getOrDefault("PORT", "8080"));
        // HttpRequest is an immutable value: built once, sent on every proxy call.
        HttpRequest reference = HttpRequest.GET(
                System.getenv().getOrDefault("PODIUM_REFERENCE_URL", "http://127.0.0.1:9090/reference"));
        ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "podium");
        Materializer materializer = Materializer.createMaterializer(system);
        Http http = Http.get(system);

        Route route = concat(
                path("plaintext", () -> get(() -> complete(HttpEntities.create(ContentTypes.TEXT_PLAIN_UTF8, HELLO)))),
                path("json", () -> get(() -> complete(StatusCodes.OK, new Message(HELLO), Jackson.marshaller()))),
                path("proxy", () -> get(() -> completeWithFuture(proxy(http, materializer, reference)))),
                path(
                        "delay",
                        () -> get(() -> parameter(
                                StringUnmarshallers.LONG,
                                "ms",
                                ms -> completeWithFuture(Patterns.after(
                                        Duration.ofMillis(Math.max(0, ms)),
                                        system.classicSystem().scheduler(),
                                        system.executionContext(),
                                        () -> CompletableFuture.completedFuture(HttpResponse.create()
                                                .withEntity(HttpEntities.create(
                                                        ContentTypes.TEXT_PLAIN_UTF8, HELLO)))))))));

        http.newServerAt("127.0.0.1", port).bind(route).toCompletableFuture().join();
        System.out.println("pekko-http listening on 127.0.0.1:" + port);
    }

    private static CompletionStage<HttpResponse> proxy(Http http, Materializer materializer, HttpRequest reference) {
        return http.singleRequest(reference)
                .thenCompose(answer -> answer.entity()
                        .toStrict(30_000, materializer)
                        .thenApply(body -> answer.status().intValue() == 200
                                ? HttpResponse.create()
                                        .withEntity(HttpEntities.create(ContentTypes.APPLICATION_JSON, body.getData()))
                                : HttpResponse.create()
                                        .withStatus(StatusCodes.BAD_GATEWAY)
                                        .withEntity(HttpEntities.create(
                                                ContentTypes.TEXT_PLAIN_UTF8,
                                                "reference answered " + answer.status()))));
    }
}
