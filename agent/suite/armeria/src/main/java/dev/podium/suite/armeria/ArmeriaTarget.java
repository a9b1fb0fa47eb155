package dev.podium.suite.armeria;

import com.linecorp.armeria.client.WebClient;
import com.linecorp.armeria.common.HttpResponse;
import com.linecorp.armeria.common.HttpStatus;
import com.linecorp.armeria.common.MediaType;
import com.linecorp.armeria.server.Server;
import dev.podium.suite.common.Delay;
import dev.podium.suite.common.Env;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;

/** The suite's scenarios as Armeria services: all on the event loop, proxy and delay answered asynchronously. */
public final class ArmeriaTarget {
    static final String HELLO = "Hello, World!";

    public record Message(String message) {}

    public static void main(String[] args) {
        int port = Env.port();
        URI reference = Env.referenceUri();
        // h1c: HTTP/1.1 cleartext, as the reference speaks; plain "http" would open each connection with an HTTP/2
        // preface.
        WebClient client = WebClient.of("h1c://" + reference.getRawAuthority());
        String referencePath = reference.getRawPath();

        Server server = Server.builder()
                .http(new InetSocketAddress("127.0.0.1", port))
                .service("/plaintext", (ctx, req) -> HttpResponse.of(HttpStatus.OK, MediaType.PLAIN_TEXT, HELLO))
                .service("/json", (ctx, req) -> HttpResponse.ofJson(new Message(HELLO)))
                .service(
                        "/proxy",
                        (ctx, req) -> HttpResponse.of(client.get(referencePath)
                                .aggregate()
                                .thenApply(answer -> answer.status().equals(HttpStatus.OK)
                                        ? HttpResponse.of(HttpStatus.OK, MediaType.JSON, answer.content())
                                        : HttpResponse.of(
                                                HttpStatus.BAD_GATEWAY,
                                                MediaType.PLAIN_TEXT,
                                                "reference answered " + answer.status()))))
                .service("/delay", (ctx, req) -> {
                    long ms = Delay.millis(ctx.queryParam("ms"));
                    if (ms < 0) {
                        return HttpResponse.of(HttpStatus.BAD_REQUEST, MediaType.PLAIN_TEXT, Delay.BAD_MS);
                    }
                    return HttpResponse.delayed(
                            HttpResponse.of(HttpStatus.OK, MediaType.PLAIN_TEXT, HELLO), Duration.ofMillis(ms));
                })
                .build();
        server.closeOnJvmShutdown();
        server.start().join();
        System.out.println("armeria listening on 127.0.0.1:" + port);
    }
}
