package dev.podium.suite.jooby;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.suite.common.Delay;
import dev.podium.suite.common.Env;
import io.jooby.Context;
import io.jooby.ExecutionMode;
import io.jooby.Jooby;
import io.jooby.MediaType;
import io.jooby.ReactiveSupport;
import io.jooby.ServerOptions;
import io.jooby.StatusCode;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The suite's scenarios as Jooby routes run on the Netty event loop (ExecutionMode.EVENT_LOOP): nothing blocks;
 * proxy and delay return CompletableFutures that Jooby sends when they complete.
 */
public class JoobyTarget extends Jooby {
    static final String HELLO = "Hello, World!";
    static final ObjectMapper MAPPER = new ObjectMapper();

    public record Message(String message) {}

    {
        int port = Env.port();
        // Jooby ships no client: the JDK's, asynchronously, with HTTP/1.1 (no h2c upgrade offer on plain HTTP).
        HttpClient client = Env.jdkClient();
        HttpRequest referenceRequest = Env.referenceRequest();

        ServerOptions options = new ServerOptions();
        options.setHost("127.0.0.1");
        options.setPort(port);
        setServerOptions(options);
        // Jooby 3 sends a CompletableFuture's value when it completes only with its ReactiveSupport filter.
        use(ReactiveSupport.concurrent());

        get("/plaintext", ctx -> ctx.setResponseType(MediaType.text).send(HELLO));
        get("/json", ctx -> ctx.setResponseType(MediaType.json).send(MAPPER.writeValueAsBytes(new Message(HELLO))));
        get(
                "/proxy",
                ctx -> client.sendAsync(referenceRequest, HttpResponse.BodyHandlers.ofByteArray())
                        .thenApply(answer -> {
                            if (answer.statusCode() != 200) {
                                ctx.setResponseCode(StatusCode.BAD_GATEWAY).setResponseType(MediaType.text);
                                return ("reference answered " + answer.statusCode()).getBytes(StandardCharsets.UTF_8);
                            }
                            ctx.setResponseType(MediaType.json);
                            return answer.body();
                        }));
        get("/delay", JoobyTarget::delay);
    }

    private static Object delay(Context ctx) {
        long ms = ctx.query("ms").longValue(-1);
        if (ms < 0) {
            return ctx.setResponseCode(StatusCode.BAD_REQUEST)
                    .setResponseType(MediaType.text)
                    .send(Delay.BAD_MS);
        }
        // A JDK timer (CompletableFuture's delayed executor): Jooby has no scheduler of its own.
        ctx.setResponseType(MediaType.text);
        return CompletableFuture.supplyAsync(() -> HELLO, CompletableFuture.delayedExecutor(ms, TimeUnit.MILLISECONDS));
    }

    public static void main(String[] args) {
        runApp(args, ExecutionMode.EVENT_LOOP, JoobyTarget::new);
    }
}
