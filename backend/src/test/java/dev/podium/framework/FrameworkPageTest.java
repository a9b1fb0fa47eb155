package dev.podium.framework;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.leaderboard.SignedRuns;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.SeededOnceTest;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The framework page and framework= matching, on runs signed here and ingested through POST /api/runs. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class FrameworkPageTest extends SeededOnceTest {

    static final String SPRING = "Spring Boot MVC"; // the suite's name: its notes and tuning come from suite.json
    static final String R1 = "00000000-0000-4000-8000-0000000001f1";
    static final String R2 = "00000000-0000-4000-8000-0000000001f2";

    FrameworkPageTest() {
        super(2, R2, FrameworkPageTest::seedRuns);
    }

    @BeforeEach
    void readNumbersAsDoubles() {
        Api.readNumbersAsDoubles();
    }

    /** Two runs: Netty above Spring Boot MVC (blocking, virtual threads) above Jetty in plaintext; json for Spring only. */
    static void seedRuns() {
        SignedRuns.run(R1, "2026-10-01T08:00:00Z")
                .cell(SPRING, "4.1.0", "blocking", "plaintext", 64, 2, false, 10, 0, 48000, 49000, 47000)
                .store();
        double[] springBlocking = {50000, 52000, 49000, 51000, 50500};
        SignedRuns.run(R2, "2026-11-01T08:00:00Z")
                .nginx(256, 240000, 240000, 240000)
                .netty(64, 100000, 102000, 98000)
                .cell(SPRING, "4.1.1", "blocking", "plaintext", 64, 2, false, 10, 0, springBlocking)
                .cell(SPRING, "4.1.1", "virtual-threads", "plaintext", 64, 2, false, 10, 0, 30000, 31000, 29000)
                .jetty(20000, 20300, 20100)
                .cell(SPRING, "4.1.1", "blocking", "json", 64, 2, false, 10, 0, 40000, 40100, 39900)
                .store();
    }

    private static JsonPath get(String path) {
        return Api.ok(path)
                .contentType(startsWith("application/json"))
                .extract()
                .jsonPath();
    }

    @Test
    void framework_filters_match_by_slug_or_in_any_case_and_an_unknown_name_matches_nothing() {
        for (String given : List.of("spring-boot-mvc", "SPRING BOOT MVC", "spring boot mvc", SPRING)) {
            JsonPath board = get("/api/leaderboard?scenario=plaintext&framework=" + given);
            assertEquals(List.of(SPRING, SPRING), board.getList("rows.framework"), given);
            JsonPath history = get("/api/history?scenario=plaintext&ioModel=blocking&framework=" + given);
            assertEquals(2, history.getList("series[0].points").size(), given);
            assertEquals(
                    2,
                    get("/api/scaling?scenario=plaintext&framework=" + given)
                            .getList("series")
                            .size(),
                    given);
        }
        assertEquals(
                List.of(),
                get("/api/leaderboard?scenario=plaintext&framework=tomcat").getList("rows"));
        assertEquals(
                List.of("Netty"),
                get("/api/leaderboard?scenario=plaintext&framework=netty").getList("rows.framework"));
    }

    @Test
    void the_page_shows_targets_with_the_suites_notes_figures_history_neighbours_and_badges() {
        JsonPath page = get("/api/frameworks/spring-boot-mvc");
        assertEquals(SPRING, page.getString("framework"));
        assertEquals("spring-boot-mvc", page.getString("slug"));
        assertEquals(List.of("blocking", "virtual-threads"), page.getList("targets.ioModel"));
        assertEquals(List.of("4.1.1", "4.1.1"), page.getList("targets.version"));
        assertEquals(List.of("spring-mvc", "spring-mvc-vt"), page.getList("targets.name"));
        assertTrue(page.getString("targets[0].notes").contains("@RestController"), page.getString("targets[0].notes"));
        assertTrue(page.getString("targets[1].tuning").contains("spring.threads.virtual.enabled=true"));
        // the suite commit of the newest run, the module's directory
        assertEquals(
                "https://github.com/podium-bench/podium/tree/0123456789abcdef/agent/suite/spring-mvc",
                page.getString("targets[0].sourceUrl"));

        assertEquals(List.of("plaintext", "json"), page.getList("scenarios.scenario"));
        JsonPath board = get("/api/leaderboard?scenario=plaintext");
        assertEquals(List.of("Netty", SPRING, SPRING, "Jetty"), board.getList("rows.framework"));
        String p = "scenarios[0].";
        assertEquals(4, page.getInt(p + "ranked"));
        assertEquals(
                board.getList("rows.findAll { it.framework == '" + SPRING + "' }.rank"), page.getList(p + "rows.rank"));
        assertEquals(List.of("blocking", "virtual-threads"), page.getList(p + "rows.ioModel"));
        // blocking: the figure the leaderboard's row shows (pooled over the series' current segment), with its t
        // interval
        assertEquals(board.getDouble("rows[1].slaThroughput"), page.getDouble(p + "rows[0].throughput"), 1e-9);
        assertEquals(board.getDouble("rows[1].ciLow"), page.getDouble(p + "rows[0].ciLow"), 1e-9);
        assertEquals(board.getDouble("rows[1].ciHigh"), page.getDouble(p + "rows[0].ciHigh"), 1e-9);
        assertEquals(board.getInt("rows[1].repeatCount"), page.getInt(p + "rows[0].repeatCount"));
        assertEquals(64, page.getInt(p + "rows[0].connections"));
        // nearest: the other frameworks just above and below
        assertEquals(List.of("above", "below"), page.getList(p + "nearest.position"));
        assertEquals(List.of("Netty", "Jetty"), page.getList(p + "nearest.framework"));
        assertEquals(List.of("netty", "jetty"), page.getList(p + "nearest.slug"));
        // history: both runs of the blocking target, oldest first; one of the virtual-threads target
        assertEquals(List.of(R1, R2), page.getList(p + "history.find { it.ioModel == 'blocking' }.points.runId"));
        assertEquals(
                List.of(48000.0, 50500.0),
                page.getList(p + "history.find { it.ioModel == 'blocking' }.points.throughput"));
        assertEquals(
                1,
                page.getList(p + "history.find { it.ioModel == 'virtual-threads' }.points")
                        .size());
        assertEquals("/api/badges/spring-boot-mvc/plaintext.svg", page.getString(p + "badge.svg"));
        String markdown = page.getString(p + "badge.markdown");
        assertTrue(
                markdown.matches("\\[!\\[Spring Boot MVC plaintext]\\(http://[^)]+/api/badges/spring-boot-mvc/plaintext"
                        + "\\.svg\\)]\\(http://[^)]+/frameworks/spring-boot-mvc\\)"),
                markdown);
        // json: alone on its board, no neighbours
        assertEquals(1, page.getInt("scenarios[1].ranked"));
        assertEquals(List.of(), page.getList("scenarios[1].nearest"));
    }

    @Test
    void a_framework_whose_only_figure_is_flagged_has_a_page_listing_it_unranked() {
        // 3% of its answers were errors: high-error-rate, listed without a rank (the page answered 500 on 2026-11-25)
        SignedRuns.run("00000000-0000-4000-8000-00000000f1a9", "2026-11-02T08:00:00Z")
                .cell("Javalin", "6.7.0", "blocking", "plaintext", 64, 2, false, 10, 0.03, 30000, 30100, 29900)
                .store();
        JsonPath page = get("/api/frameworks/javalin");
        assertEquals("plaintext", page.getString("scenarios[0].scenario"));
        assertNull(page.get("scenarios[0].rows[0].rank"), "a flagged figure has no rank");
        assertTrue(page.getList("scenarios[0].rows[0].flags").contains("high-error-rate"));
    }

    @Test
    void the_name_in_any_case_finds_the_page_and_an_unknown_or_baseline_slug_is_a_404_naming_slug() {
        assertEquals(SPRING, get("/api/frameworks/Spring Boot MVC").getString("framework"));
        for (String unknown : List.of("tomcat", "nginx")) {
            given().get("/api/frameworks/" + unknown).then().spec(Api.problem(404, "slug"));
        }
        given().get("/api/frameworks/netty?colour=red").then().spec(Api.problem(400, "colour"));
        Map<String, Object> netty = get("/api/frameworks/netty").getMap("targets[0]");
        assertNotNull(netty.get("notes"));
    }
}
