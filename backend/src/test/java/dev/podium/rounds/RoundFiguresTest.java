package dev.podium.rounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.stats.CellStatistics;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.Rows;
import dev.podium.testing.TestVectors;
import dev.podium.testing.V2Payloads;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * JVM starts in interleaved rounds (issue 39, item 5): schema/testdata/payloads/valid/v2-rounds.json measures Netty and
 * Jetty in three rounds, one start of each a round (Netty first in rounds 0 and 2, Jetty in round 1), three repeats a
 * start. Each start is stored with its figure, the trimmed mean of its repeats' requests/s (with three repeats, the
 * middle one): Netty 100,000.5, 104,000 and 98,000; Jetty 80,000, 83,200 and 78,400 in rounds 0, 1 and 2.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class RoundFiguresTest extends EmptyDatabaseTest {

    private static final String ROUNDS_ID = "7c1e2a90-3b4d-4e5f-8a6b-9c0d1e2f3a39";
    private static final String FORKS_ID = "7c1e2a90-3b4d-4e5f-8a6b-9c0d1e2f3a0f";

    @Inject
    RoundFigures roundFigures;

    private static JsonPath run(String id) {
        return Api.json("/api/runs/" + id);
    }

    private long startRows() {
        return rows.scalar("select count(*) from cell_starts");
    }

    @Test
    void each_start_is_stored_with_its_round_and_the_trimmed_mean_of_its_repeats() {
        Api.store(TestVectors.envelope("v2-rounds"));
        JsonPath run = run(ROUNDS_ID);
        long netty = run.getLong("cells[0].id");
        long jetty = run.getLong("cells[1].id");

        Map<Long, Map<Integer, Double>> byCell = roundFigures.byCell(List.of(netty, jetty, netty + jetty));

        assertEquals(
                Map.of(
                        netty, Map.of(0, 100000.5, 1, 104000.0, 2, 98000.0),
                        jetty, Map.of(0, 80000.0, 1, 83200.0, 2, 78400.0)),
                byCell);
        // the service's own rule, start by start, on the repeats as sent
        JsonNode sent = TestVectors.read("payloads/valid/v2-rounds.json").get("results");
        for (int c = 0; c < 2; c++) {
            for (int fork = 0; fork < 3; fork++) {
                double[] rps = new double[3];
                for (int r = 0; r < 3; r++) {
                    JsonNode repeat = sent.get(c).get("repeats").get(3 * fork + r);
                    assertEquals(fork, repeat.get("fork").intValue());
                    rps[r] = repeat.get("requestsPerSecond").doubleValue();
                }
                assertEquals(
                        CellStatistics.trimmedMean(rps),
                        byCell.get(c == 0 ? netty : jetty).get(fork));
            }
        }
        assertEquals(6, startRows());
        assertEquals(Map.of(), roundFigures.byCell(List.of()));
        assertEquals(Map.of(), roundFigures.byCell(List.of(netty + jetty)));
    }

    @Test
    void the_run_shows_each_cells_starts_in_start_order() {
        Api.store(TestVectors.envelope("v2-rounds"));
        JsonPath run = run(ROUNDS_ID);

        assertEquals(List.of(0, 1, 2), run.getList("cells[0].starts.fork", Integer.class));
        assertEquals(List.of(0, 1, 2), run.getList("cells[0].starts.round", Integer.class));
        assertEquals(List.of(0, 1, 0), run.getList("cells[0].starts.order", Integer.class));
        assertEquals(List.of(1, 0, 1), run.getList("cells[1].starts.order", Integer.class));
        assertEquals(
                List.of("2026-11-01T10:00:05Z", "2026-11-01T10:09:05Z", "2026-11-01T10:12:05Z"),
                run.getList("cells[0].starts.startedAt", String.class));
        assertEquals(
                List.of("2026-11-01T10:03:05Z", "2026-11-01T10:06:05Z", "2026-11-01T10:15:05Z"),
                run.getList("cells[1].starts.startedAt", String.class));
        assertEquals(List.of(100000.5, 104000.0, 98000.0), run.getList("cells[0].starts.figure", Double.class));
        assertEquals(List.of(80000.0, 83200.0, 78400.0), run.getList("cells[1].starts.figure", Double.class));
        // the cell's own figure is unchanged by its starts: the mean of the starts' trimmed means
        assertEquals((100000.5 + 104000 + 98000) / 3, run.getDouble("cells[0].stats.rpsTrimmedMean"), 0.01);
    }

    @Test
    void a_run_without_starts_stores_none_and_shows_none() {
        Api.store(TestVectors.envelope("v2-forks"));
        JsonPath run = run(FORKS_ID);

        assertEquals(0, startRows());
        assertEquals(Map.of(), roundFigures.byCell(List.of(run.getLong("cells[0].id"), run.getLong("cells[1].id"))));
        assertNull(run.get("cells[0].starts"));
        assertFalse(run.getMap("cells[0]").containsKey("starts"), "a cell without starts leaves the field out");
    }

    /** v2-rounds.json broken one way each: the field named, the mutation. */
    static Stream<Arguments> refusals() {
        return Stream.of(
                refusal(
                        "results[1].repeats[0].fork",
                        "repeats without their start",
                        run -> cell(run, 1).withArray("repeats").forEach(r -> ((ObjectNode) r).remove("fork"))),
                refusal(
                        "results[0].starts[2].fork",
                        "a start listed twice",
                        run -> start(run, 0, 2).put("fork", 1)),
                refusal(
                        "results[0].starts[1].fork",
                        "a start no repeat was measured on",
                        run -> start(run, 0, 1).put("fork", 7)),
                refusal(
                        "results[0].starts",
                        "a start not listed",
                        run -> cell(run, 0).withArray("starts").remove(2)),
                refusal(
                        "results[1].starts[2].round",
                        "two starts of a cell in one round",
                        run -> start(run, 1, 2).put("round", 0)),
                refusal(
                        "results[0].starts[0].startedAt",
                        "a start before 2024",
                        run -> start(run, 0, 0).put("startedAt", "2023-12-31T23:59:59Z")),
                refusal(
                        "results[0].starts[0].round",
                        "a round beyond 9999",
                        run -> start(run, 0, 0).put("round", 10000)),
                refusal(
                        "results[0].starts[0].order",
                        "a start without its order",
                        run -> start(run, 0, 0).remove("order")),
                refusal(
                        "results[0].starts[0].figure",
                        "a field a start does not have",
                        run -> start(run, 0, 0).put("figure", 1)),
                refusal(
                        "results[0].starts",
                        "an empty list of starts",
                        run -> cell(run, 0).putArray("starts")));
    }

    private static Arguments refusal(String field, String about, Consumer<ObjectNode> mutation) {
        return Arguments.of(field, about, mutation);
    }

    private static ObjectNode cell(ObjectNode run, int c) {
        return (ObjectNode) run.withArray("results").get(c);
    }

    private static ObjectNode start(ObjectNode run, int c, int i) {
        return (ObjectNode) ((ArrayNode) cell(run, c).get("starts")).get(i);
    }

    @ParameterizedTest(name = "{1}: 422 naming {0}")
    @MethodSource("refusals")
    void a_payload_breaking_a_rule_of_starts_is_refused_naming_the_field_and_stores_nothing(
            String field, String about, Consumer<ObjectNode> mutation) {
        ObjectNode run = (ObjectNode) TestVectors.read("payloads/valid/v2-rounds.json");
        mutation.accept(run);

        V2Payloads.refusal(run, field);

        assertEquals(new Rows.Counts(0, 0, 0), rows.counts());
        assertEquals(0, startRows());
    }
}
