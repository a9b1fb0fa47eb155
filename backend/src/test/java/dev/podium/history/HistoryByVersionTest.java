package dev.podium.history;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.podium.leaderboard.SignedRuns;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.SeededOnceTest;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import org.junit.jupiter.api.Test;

/** History read by framework version, as a backfill of past releases pushes them: measured in any order of dates. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class HistoryByVersionTest extends SeededOnceTest {

    static final String PREFIX = "00000000-0000-4000-8000-0000000001";

    HistoryByVersionTest() {
        super(5, PREFIX + "05", HistoryByVersionTest::seedRuns);
    }

    static void seedRuns() {
        // the newest release measured first, then a backfill of older ones, then 12.1.9 once more
        String[][] runs = {
            {"01", "2026-11-01", "12.1.14"},
            {"02", "2026-11-02", "12.1.10"},
            {"03", "2026-11-03", "12.1.9"},
            {"04", "2026-11-04", "12.1.9"},
            {"05", "2026-11-05", "12.1.10.beta1"}
        };
        double rps = 50000;
        for (String[] r : runs) {
            rps += 1000;
            double[] repeats = {rps, rps + 100, rps - 100};
            SignedRuns.run(PREFIX + r[0], r[1] + "T08:00:00Z")
                    .cell("Jetty", r[2], "blocking", "plaintext", 64, 2, false, 10, 0, repeats)
                    .store();
        }
    }

    /** Jetty's history asked with query: it says it is ordered by orderBy and lists the versions in this order. */
    private static JsonPath ordered(String query, String orderBy, String... versions) {
        JsonPath h = Api.json("/api/history?scenario=plaintext&framework=Jetty" + query);
        assertEquals(orderBy, h.getString("orderBy"));
        assertEquals(List.of(versions), h.getList("series[0].points.frameworkVersion"));
        return h;
    }

    @Test
    void by_version_orders_releases_as_they_follow_one_another_not_as_text_and_keeps_one_versions_runs_by_date() {
        JsonPath h = ordered("&orderBy=version", "version", "12.1.9", "12.1.9", "12.1.10.beta1", "12.1.10", "12.1.14");
        assertEquals(
                List.of(PREFIX + "03", PREFIX + "04", PREFIX + "05", PREFIX + "02", PREFIX + "01"),
                h.getList("series[0].points.runId"));
    }

    @Test
    void by_date_is_the_default_and_unchanged() {
        ordered("", "date", "12.1.14", "12.1.10", "12.1.9", "12.1.9", "12.1.10.beta1");
    }

    @Test
    void csv_by_version_has_the_same_order() {
        String csv = Api.ok("/api/history?scenario=plaintext&framework=Jetty&orderBy=version&format=csv")
                .extract()
                .asString();
        List<String> versions = csv.lines().skip(1).map(l -> l.split(",")[11]).toList();
        assertEquals(List.of("12.1.9", "12.1.9", "12.1.10.beta1", "12.1.10", "12.1.14"), versions);
    }

    @Test
    void an_unknown_order_is_a_400_naming_the_field() {
        given().get("/api/history?scenario=plaintext&framework=Jetty&orderBy=semver")
                .then()
                .spec(Api.problem(400, "orderBy"));
    }
}
