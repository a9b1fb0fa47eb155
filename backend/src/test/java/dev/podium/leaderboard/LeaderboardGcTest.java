package dev.podium.leaderboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.podium.testing.Api;
import dev.podium.testing.CsvTable;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.V2Payloads;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A board row carries the allocation and GC share of the cell it shows, in its JSON (rows[].gc) and in its CSV
 * (allocated_bytes_per_request with its interval, gc_cpu_share), the same figures as the run's own cell; a row whose
 * run recorded none has them null and empty. The v2 full payload's Vert.x Web cells allocate 300, 310, 320, 310 and
 * 310 bytes per request in their repeats (mean 310 over either cell's repeats), GC 2.5% of the target's CPU.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class LeaderboardGcTest extends EmptyDatabaseTest {

    private static final String RUN = "7f4e1c69-3a5d-4b8c-8e2f-9d1a3b4c5e28";
    private static final String NO_GC_RUN = "7f4e1c69-3a5d-4b8c-8e2f-9d1a3b4c5e29";

    @Test
    void a_row_carries_its_cells_allocation_and_gc_share_in_json_and_csv() {
        Api.readNumbersAsDoubles();
        Api.store(V2Payloads.envelope(V2Payloads.withGc(V2Payloads.full(RUN), 0.025, 300, 310, 320, 310, 310)));

        JsonPath board = Api.json("/api/leaderboard?scenario=plaintext");
        assertEquals(List.of("Vert.x Web"), board.getList("rows.framework"));
        assertEquals(310.0, board.getDouble("rows[0].gc.allocatedBytesPerRequest.mean"), 1e-9);
        assertEquals(0.025, board.getDouble("rows[0].gc.gcCpuShare"), 1e-12);

        // the row's figures are those of the cell it shows (its SLA cell, else its best)
        Object shown = board.get("rows[0].slaCellId") == null
                ? board.get("rows[0].bestCellId")
                : board.get("rows[0].slaCellId");
        Map<String, Object> cellGc = Api.json("/api/runs/" + RUN + "/cells")
                .getMap("items.find { it.id == " + ((Number) shown).longValue() + " }.gc");
        assertEquals(cellGc, board.getMap("rows[0].gc"));

        CsvTable csv = CsvTable.get("/api/leaderboard?scenario=plaintext");
        assertEquals(310.0, Double.parseDouble(csv.value(0, "allocated_bytes_per_request")), 1e-9);
        assertEquals(
                board.getDouble("rows[0].gc.allocatedBytesPerRequest.ciLow"),
                Double.parseDouble(csv.value(0, "allocated_bytes_per_request_ci_low")),
                1e-9);
        assertEquals(
                board.getDouble("rows[0].gc.allocatedBytesPerRequest.ciHigh"),
                Double.parseDouble(csv.value(0, "allocated_bytes_per_request_ci_high")),
                1e-9);
        assertEquals(
                String.valueOf(board.getInt("rows[0].gc.allocatedBytesPerRequest.repeats")),
                csv.value(0, "allocated_bytes_per_request_repeats"));
        assertEquals(0.025, Double.parseDouble(csv.value(0, "gc_cpu_share")), 1e-12);
    }

    @Test
    void a_row_without_gc_figures_has_them_null_and_its_csv_cells_empty() {
        Api.readNumbersAsDoubles();
        Api.store(V2Payloads.envelope(V2Payloads.full(NO_GC_RUN)));

        JsonPath board = Api.json("/api/leaderboard?scenario=plaintext");
        assertNotNull(board.get("rows[0].requestsPerCpuSecond"));
        assertNull(board.get("rows[0].gc"));
        CsvTable csv = CsvTable.get("/api/leaderboard?scenario=plaintext");
        assertEquals("", csv.value(0, "allocated_bytes_per_request"), csv.text());
        assertEquals("", csv.value(0, "gc_cpu_share"), csv.text());
    }
}
