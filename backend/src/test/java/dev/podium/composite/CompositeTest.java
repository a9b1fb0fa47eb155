package dev.podium.composite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.leaderboard.SignedRuns;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The composite across scenarios (GET /api/composite): the weighted geometric mean of each target's shares of the
 * scenarios' best, ranked by the comparison engine. One run: Fast leads plaintext and json 4x over Slow; Close is
 * within 3% of Fast in both; Partial has no json cell.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class CompositeTest extends EmptyDatabaseTest {

    @BeforeEach
    void seed() {
        SignedRuns.run("00000000-0000-4000-8000-0000000005c1", "2026-11-20T08:00:00Z")
                .cell("Fast", "1.0", "non-blocking", "plaintext", 64, 2, false, 5, 0, SignedRuns.around(100_000))
                .cell("Close", "1.0", "non-blocking", "plaintext", 64, 2, false, 5, 0, SignedRuns.around(97_000))
                .cell("Slow", "1.0", "blocking", "plaintext", 64, 2, false, 5, 0, SignedRuns.around(25_000))
                .cell("Partial", "1.0", "blocking", "plaintext", 64, 2, false, 5, 0, SignedRuns.around(50_000))
                .cell("Fast", "1.0", "non-blocking", "json", 64, 2, false, 5, 0, SignedRuns.around(80_000))
                .cell("Close", "1.0", "non-blocking", "json", 64, 2, false, 5, 0, SignedRuns.around(78_000))
                .cell("Slow", "1.0", "blocking", "json", 64, 2, false, 5, 0, SignedRuns.around(20_000))
                .store();
    }

    @Test
    void the_score_is_the_weighted_geometric_mean_of_the_shares_ranked_by_the_engine() {
        JsonPath c = Api.json("/api/composite");
        assertEquals(List.of("plaintext", "json"), c.getList("scenarios"));
        assertEquals(1, c.getInt("weights.plaintext"));
        assertEquals(2, c.getInt("weights.json"));
        assertEquals(List.of("Fast", "Close", "Slow", "Partial"), c.getList("rows.framework"));
        // Close: plaintext 0.97, json 0.975: (0.97^1 x 0.975^2)^(1/3)
        double close = Math.pow(0.97 * 0.975 * 0.975, 1 / 3.0);
        assertEquals(1.0, c.getDouble("rows[0].score"), 1e-9);
        assertEquals(close, c.getDouble("rows[1].score"), 1e-6); // answers keep 6 significant digits
        assertEquals(0.25, c.getDouble("rows[2].score"), 1e-9);
        assertTrue(c.getDouble("rows[1].scoreLow") > 0 && c.getDouble("rows[1].scoreLow") < close);
        // Fast and Close cannot be told apart; Slow, 4x below, is decided last
        assertEquals(List.of(1, 1, 3), c.getList("rows.rank").subList(0, 3));
        assertEquals(List.of(2, 2, 3), c.getList("rows.rankHigh").subList(0, 3));
        assertEquals(List.of(true, true, false), c.getList("rows.tied").subList(0, 3));
        // Partial has no json figure: no score and no rank, and says what it misses
        assertNull(c.get("rows[3].score"));
        assertNull(c.get("rows[3].rank"));
        assertEquals(List.of("json"), c.getList("rows[3].missing"));
        assertEquals(0.5, c.getDouble("rows[3].shares.plaintext"), 1e-9);
    }

    @Test
    void a_bad_filter_is_refused_naming_it() {
        io.restassured.RestAssured.given()
                .get("/api/composite?vcpus=many")
                .then()
                .spec(Api.problem(400, "vcpus"));
    }
}
