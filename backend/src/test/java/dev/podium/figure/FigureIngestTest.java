package dev.podium.figure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.testing.Api;
import dev.podium.testing.CsvTable;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.V2Payloads;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Every declared figure (Figure.ALL), whatever it is, travels the whole way from the declaration alone: sent on each
 * repeat of a cell, it is stored and served back on the run's repeats (repeats[].figures), and a figure with an interval
 * is summed up on the cell (its mean over the repeats, their count) in the run, the run's cells and their CSV; one below
 * zero is refused by the run schema and stores nothing. A figure declared without its field in the run schema, its
 * columns or its place in COPY fails here.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class FigureIngestTest extends EmptyDatabaseTest {

    private static final String RUN = "4a7d2e10-6c3b-4f58-9e21-0b8c7d6e5f41";
    // the full payload's Vert.x Web cell at 64 connections: 5 repeats
    private static final int CELL = 1;
    private static final int REPEATS = 5;

    @Test
    void every_declared_figure_is_stored_and_served_on_its_repeats_and_its_cell() {
        Api.readNumbersAsDoubles();
        Api.store(V2Payloads.envelope(V2Payloads.withEveryFigure(V2Payloads.full(RUN), CELL)));

        JsonPath run = Api.json("/api/runs/" + RUN);
        JsonPath cells = Api.json("/api/runs/" + RUN + "/cells");
        CsvTable csv = CsvTable.get("/api/runs/" + RUN + "/cells");
        long cellId = ((Number) run.get("cells[" + CELL + "].id")).longValue();
        int csvRow = csv.column("id").indexOf(String.valueOf(cellId));
        for (Figure f : Figure.ALL) {
            String name = f.apiName();
            double[] sent = new double[REPEATS];
            for (int i = 0; i < REPEATS; i++) {
                sent[i] = V2Payloads.figureValue(f, i);
                assertEquals(
                        sent[i],
                        run.getDouble("cells[" + CELL + "].repeats[" + i + "].figures." + name),
                        1e-12,
                        name + " of repeat " + i);
            }
            // another cell did not carry it, and shows none
            assertNull(run.get("cells[0].repeats[0].figures." + name), name + " on a cell without it");
            if (f.aggregate() != Figure.Aggregate.ESTIMATE) {
                continue;
            }
            double mean = Arrays.stream(sent).average().orElseThrow();
            for (JsonPath answer : new JsonPath[] {run, cells}) {
                String at = (answer == run ? "cells[" : "items[") + CELL + "].figures." + name;
                assertEquals(mean, answer.getDouble(at + ".mean"), 1e-12, at);
                assertEquals(REPEATS, ((Number) answer.get(at + ".repeats")).intValue(), at);
                assertNotNull(answer.get(at + ".ciLow"), at + ": 5 repeats have an interval");
            }
            assertEquals(mean, Double.parseDouble(csv.value(csvRow, f.column())), 1e-12, f.column() + " in the CSV");
            assertEquals(String.valueOf(REPEATS), csv.value(csvRow, f.column() + "_repeats"), csv.text());
        }
    }

    @Test
    void a_figure_below_zero_is_refused_by_the_run_schema_and_nothing_is_stored() {
        for (Figure f : Figure.ALL) {
            ObjectNode run = V2Payloads.withEveryFigure(V2Payloads.full(RUN), CELL);
            ObjectNode repeat =
                    (ObjectNode) run.get("results").get(CELL).get("repeats").get(0);
            ObjectNode at = f.in() == Figure.In.USAGE ? (ObjectNode) repeat.get("usage") : repeat;
            at.put(f.apiName(), -1);
            String field =
                    "results[" + CELL + "].repeats[0]." + (f.in() == Figure.In.USAGE ? "usage." : "") + f.apiName();
            V2Payloads.refusal(run, field);
            assertEquals(0, rows.counts().runs(), f.apiName());
        }
    }
}
