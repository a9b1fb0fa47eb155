package dev.podium.badge;

import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.framework.Slugs;
import dev.podium.leaderboard.SignedRuns;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.SeededOnceTest;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A board whose rows are all flagged: every framework it lists still has a badge (200), which says it is unranked. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class FlaggedBadgeTest extends SeededOnceTest {

    static final String R1 = "00000000-0000-4000-8000-0000000002f1";

    FlaggedBadgeTest() {
        super(1, R1, FlaggedBadgeTest::seedRun);
    }

    /** Every row noisy (coefficient of variation far above 5%) in plaintext and in db. */
    static void seedRun() {
        SignedRuns run = SignedRuns.run(R1, "2026-11-02T08:00:00Z");
        for (String scenario : List.of("plaintext", "db")) {
            run.cell("Vert.x Web", "5.0.5", "non-blocking", scenario, 64, 1, false, 2, 0, 114000, 60000, 160000)
                    .cell("Helidon SE", "4.3.1", "virtual-threads", scenario, 64, 1, false, 2, 0, 87000, 40000, 130000);
        }
        run.store();
    }

    @Test
    void every_framework_on_an_all_flagged_board_has_a_badge_saying_why_it_is_unranked() {
        for (String scenario : List.of("plaintext", "db")) {
            JsonPath board = Api.json("/api/leaderboard?scenario=" + scenario + "&vcpus=1");
            List<Map<String, Object>> listed = board.getList("rows");
            assertEquals(2, listed.size(), scenario);
            for (Map<String, Object> row : listed) {
                String slug = Slugs.of((String) row.get("framework"));
                String json = "/api/badges/" + slug + "/" + scenario + ".json";
                String message = Api.ok(json)
                        .contentType(startsWith("application/json"))
                        .extract()
                        .jsonPath()
                        .getString("message");
                if (row.get("rank") == null) {
                    @SuppressWarnings("unchecked")
                    List<String> why = (List<String>) row.get("excludedBy");
                    assertFalse(why.isEmpty(), row.toString());
                    assertTrue(
                            message.startsWith("unranked (flagged " + String.join(", ", why) + ") · "),
                            json + ": " + message);
                } else {
                    assertTrue(message.startsWith("rank " + row.get("rank")), json + ": " + message);
                }
                Api.ok("/api/badges/" + slug + "/" + scenario + ".svg").contentType(startsWith("image/svg+xml"));
            }
        }
    }
}
