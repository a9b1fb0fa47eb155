package dev.podium.gc;

import static dev.podium.testing.TestVectors.V2_MINIMAL_ID;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import dev.podium.testing.Api;
import dev.podium.testing.CsvTable;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.TestVectors;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * Allocation and GC per repeat (schema/testdata payloads/valid/v2-gc.json): stored as sent and served back on the run,
 * absent (null) for a repeat that did not carry them; a share above 1 is refused and stores nothing.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class GcIngestTest extends EmptyDatabaseTest {

    private static final String GC_RUN = "7c1e2a90-3b4d-4e5f-8a6b-9c0d1e2f3a19";

    @Test
    void the_gc_figures_of_a_repeat_survive_ingest_and_are_served_on_the_run() {
        Api.store(TestVectors.envelope("v2-gc"));
        Api.store(TestVectors.envelope("v2-minimal"));
        String usage = "cells[0].repeats[0].usage.";
        Api.okDoubles("/api/runs/" + GC_RUN)
                .body(usage + "allocatedBytesPerRequest", closeTo(312.5, 1e-9))
                .body(usage + "gcCount", equalTo(41))
                .body(usage + "gcSeconds", closeTo(0.1825, 1e-12))
                .body(usage + "gcCpuShare", closeTo(0.0213, 1e-12))
                .body(usage + "gcPauseMaxMs", closeTo(7.75, 1e-12));
        Api.okDoubles("/api/runs/" + V2_MINIMAL_ID)
                .body(usage + "targetCpuUserSeconds", closeTo(9.81, 1e-12))
                .body(usage + "allocatedBytesPerRequest", nullValue())
                .body(usage + "gcCount", nullValue());
    }

    @Test
    void the_cell_carries_its_gc_figures_on_the_cells_api_and_its_csv() {
        Api.store(TestVectors.envelope("v2-gc"));
        Api.store(TestVectors.envelope("v2-minimal"));
        Api.okDoubles("/api/runs/" + GC_RUN + "/cells")
                .body("items[0].gc.allocatedBytesPerRequest.mean", closeTo(312.5, 1e-9))
                .body("items[0].gc.allocatedBytesPerRequest.repeats", equalTo(1))
                .body("items[0].gc.allocatedBytesPerRequest.ciLow", nullValue())
                .body("items[0].gc.gcCount", closeTo(41, 1e-12))
                .body("items[0].gc.gcSeconds", closeTo(0.1825, 1e-12))
                .body("items[0].gc.gcCpuShare", closeTo(0.0213, 1e-12))
                .body("items[0].gc.gcPauseMaxMs", closeTo(7.75, 1e-12));
        Api.ok("/api/runs/" + V2_MINIMAL_ID + "/cells").body("items[0].gc", nullValue());
        CsvTable csv = CsvTable.get("/api/runs/" + GC_RUN + "/cells");
        org.junit.jupiter.api.Assertions.assertEquals(
                "312.5", csv.value(0, "allocated_bytes_per_request"), "allocated_bytes_per_request in " + csv.text());
        org.junit.jupiter.api.Assertions.assertEquals("7.75", csv.value(0, "gc_pause_max_ms"), csv.text());
        org.junit.jupiter.api.Assertions.assertEquals("0.0213", csv.value(0, "gc_cpu_share"), csv.text());
    }

    @Test
    void a_gc_share_above_one_is_refused_and_nothing_is_stored() {
        Api.submit(TestVectors.envelope("invalid-v2-gc-share-above-one")).then().statusCode(422);
        org.junit.jupiter.api.Assertions.assertEquals(0, rows.counts().runs());
    }
}
