package dev.podium.suite.micronaut;

import io.micronaut.core.async.annotation.SingleResult;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.http.client.HttpClient;
import io.micronaut.http.client.annotation.Client;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.TaskScheduler;
import io.micronaut.serde.annotation.Serdeable;
import jakarta.inject.Named;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.reactivestreams.Publisher;

/**
 * The suite's scenarios as a Micronaut controller. Micronaut 4 runs controller methods on the Netty event loop unless
 * told otherwise, so nothing here blocks: proxy returns the client's Publisher, delay a future completed by a timer.
 */
@Controller
public class ScenarioController {
    static final String HELLO = "Hello, World!";

    @Serdeable
    public record Message(String message) {}

    private final HttpClient reference;
    private final TaskScheduler scheduler;

    ScenarioController(
            @Client("${podium.reference-url}") HttpClient reference,
            @Named(TaskExecutors.SCHEDULED) TaskScheduler scheduler) {
        this.reference = reference;
        this.scheduler = scheduler;
    }

    @Get(uri = "/plaintext", produces = MediaType.TEXT_PLAIN)
    public String plaintext() {
        return HELLO;
    }

    @Get(uri = "/json", produces = MediaType.APPLICATION_JSON)
    public Message json() {
        return new Message(HELLO);
    }

    @Get(uri = "/proxy", produces = MediaType.APPLICATION_JSON)
    @SingleResult // one body, not a JSON array of the publisher's items
    public Publisher<String> proxy() {
        return reference.retrieve(HttpRequest.GET(""), String.class);
    }

    @Get(uri = "/delay", produces = MediaType.TEXT_PLAIN)
    public CompletableFuture<String> delay(@QueryValue long ms) {
        CompletableFuture<String> answer = new CompletableFuture<>();
        scheduler.schedule(Duration.ofMillis(ms), () -> answer.complete(HELLO));
        return answer;
    }
}
