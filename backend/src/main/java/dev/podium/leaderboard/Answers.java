package dev.podium.leaderboard;

import java.util.function.Function;
import java.util.function.Supplier;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.Response;

/** Renders read answers once (JSON or CSV) and serves them from the {@link ReadCache} until a run is added. */
@ApplicationScoped
public class Answers {

    static final String CSV_TYPE = "text/csv;charset=UTF-8";

    @Inject
    ObjectMapper mapper;

    @Inject
    ReadCache cache;

    public <T> Response json(String key, Supplier<T> compute) {
        return respond(cache.get(key + "#json", () -> new ReadCache.Answer(write(compute.get()), "application/json")));
    }

    public <T> Response table(String key, boolean csv, Supplier<T> compute, Function<T, String> toCsv) {
        if (!csv) {
            return json(key, compute);
        }
        return respond(cache.get(key + "#csv", () -> new ReadCache.Answer(toCsv.apply(compute.get()), CSV_TYPE)));
    }

    private static Response respond(ReadCache.Answer a) {
        return Response.ok(a.body(), a.mediaType()).build();
    }

    private String write(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("render JSON", e);
        }
    }
}
