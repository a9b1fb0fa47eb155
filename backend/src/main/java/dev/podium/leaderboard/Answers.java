package dev.podium.leaderboard;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Renders read answers once (JSON or CSV) and serves them from the {@link ReadCache} until a run is added. A cached
 * answer is sent from the I/O thread; computing one (database queries) runs on a worker thread.
 */
@ApplicationScoped
public class Answers {

    static final String CSV_TYPE = "text/csv;charset=UTF-8";

    @Inject
    ObjectMapper mapper;

    @Inject
    ReadCache cache;

    public <T> Uni<Response> json(String key, Supplier<T> compute) {
        return answer(key + "#json", () -> new ReadCache.Answer(write(compute.get()), "application/json"));
    }

    public <T> Uni<Response> table(String key, boolean csv, Supplier<T> compute, Function<T, String> toCsv) {
        if (!csv) {
            return json(key, compute);
        }
        return answer(
                key + "#csv",
                () -> new ReadCache.Answer(toCsv.apply(compute.get()).getBytes(StandardCharsets.UTF_8), CSV_TYPE));
    }

    private Uni<Response> answer(String key, Supplier<ReadCache.Answer> render) {
        ReadCache.Answer hit = cache.peek(key);
        if (hit != null) {
            return Uni.createFrom().item(respond(hit));
        }
        return Uni.createFrom()
                .item(() -> respond(cache.get(key, render)))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    private static Response respond(ReadCache.Answer a) {
        return Response.ok(a.body(), a.mediaType()).build();
    }

    private byte[] write(Object value) {
        try {
            return mapper.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("render JSON", e);
        }
    }
}
