package dev.podium.leaderboard;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.SeededOnceTest;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A cell of one repeat has no interval (a spread needs two): every read that shows it answers 200, shows it without an
 * interval, and the comparison engine tells it apart from no row (its rank range spans the board). One run on 2 vCPUs, plaintext: Netty (one repeat,
 * 100,000 req/s), Spring MVC (one repeat, 61,500), Jetty (60,000, 61,000, 59,000: scipy stats.t.interval(0.95, 2,
 * loc=60000, scale=1000/sqrt(3)) = (57515.86, 62484.14), on the log scale (57566.58, 62537.22)), Undertow (one repeat, 30,000) and the nginx baseline (one
 * repeat, 240,000).
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class OneRepeatTest extends SeededOnceTest {

    static final String RUN = "00000000-0000-4000-8000-0000000001a1";

    OneRepeatTest() {
        super(
                1,
                RUN,
                () -> SignedRuns.run(RUN, "2026-11-02T08:00:00Z")
                        .nginx(256, 240000)
                        .netty(256, 100000)
                        .springMvc(256, 10, 61500)
                        .jetty(60000, 61000, 59000)
                        .cell("Undertow", "2.3.20", "non-blocking", "plaintext", 256, 2, false, 2, 0, 30000)
                        .store());
    }

    @BeforeEach
    void readNumbersAsDoubles() {
        Api.readNumbersAsDoubles();
    }

    @Test
    void the_board_shows_a_one_repeat_row_without_an_interval_and_cannot_tell_it_apart_from_any_row() {
        for (String basis : List.of("segment", "latest")) {
            JsonPath board = Api.json("/api/leaderboard?scenario=plaintext&basis=" + basis);
            assertEquals(List.of("Netty", "Spring MVC", "Jetty", "Undertow"), board.getList("rows.framework"), basis);
            // three rows of one repeat, no spread: the engine decides no pair, every row may be anywhere from 1 to 4
            assertEquals(List.of(1, 1, 1, 1), board.getList("rows.rank"), basis);
            assertEquals(List.of(4, 4, 4, 4), board.getList("rows.rankHigh"), basis);
            assertEquals(List.of(true, true, true, true), board.getList("rows.tied"), basis);
            assertEquals(List.of(1, 1, 3, 1), board.getList("rows.repeatCount"), basis);
            assertNull(board.get("rows[0].ciLow"), basis);
            assertNull(board.get("rows[0].ciHigh"), basis);
            assertEquals(100000.0, board.getDouble("rows[0].slaThroughput"), 1e-9);
            assertNull(board.get("rows[0].throughputByConnections[0].ciLow"), basis);
            assertEquals(57566.58437757855, board.getDouble("rows[2].ciLow"), 1e-6);
            assertEquals(List.of(), board.getList("rows[0].excludedBy"), basis);
        }
        Api.ok("/api/leaderboard?scenario=plaintext&flagged=include").body("rows.rank", equalTo(List.of(1, 1, 1, 1)));
        Api.ok("/api/leaderboard?scenario=plaintext&rank=cpu").body("rows.framework[0]", equalTo("Netty"));
        String csv = Api.ok("/api/leaderboard?scenario=plaintext&format=csv")
                .extract()
                .asString();
        String netty =
                csv.lines().filter(l -> l.contains(",Netty,")).findFirst().orElseThrow();
        assertTrue(netty.startsWith("1,4,true,Netty,4.2.7.Final,"), netty);
        assertTrue(netty.contains(",100000.0,256,"), netty);
    }

    @Test
    void the_other_reads_of_the_interval_answer_without_it() {
        Api.ok("/api/scaling?scenario=plaintext")
                .body("series.find { it.framework == 'Netty' }.points[0].throughput", closeTo(100000.0, 1e-9))
                .body("series.find { it.framework == 'Netty' }.points[0].ciLow", nullValue())
                .body("series.find { it.framework == 'Netty' }.points[0].perVcpu", closeTo(50000.0, 1e-9))
                .body("series.find { it.framework == 'Netty' }.points[0].perVcpuCiLow", nullValue())
                .body("series.find { it.framework == 'Jetty' }.points[0].perVcpuCiLow", closeTo(28783.29219, 1e-4));
        Api.ok("/api/latency?scenario=plaintext")
                .body("series.find { it.framework == 'Netty' }.points[0].p90", closeTo(2.0, 1e-12));
        Api.ok("/api/history?scenario=plaintext&framework=Netty")
                .body("series[0].points[0].throughput", closeTo(100000.0, 1e-9))
                .body("series[0].points[0].ciLow", nullValue());
        String history = Api.ok("/api/history?scenario=plaintext&framework=Netty&format=csv")
                .extract()
                .asString();
        assertTrue(history.contains(",100000.0,,,256,"), history);
        // the badge names the rank and the figure, and no interval it does not have
        Api.ok("/api/badges/netty/plaintext.json")
                .body("message", containsString("rank 1-4 of 4"))
                .body("message", org.hamcrest.Matchers.not(containsString("%")));
        given().get("/api/badges/netty/plaintext.svg").then().statusCode(200);
        Api.ok("/api/frameworks/netty")
                .body("scenarios[0].rows[0].rank", equalTo(1))
                .body("scenarios[0].rows[0].ciLow", nullValue())
                .body("scenarios[0].nearest[0].framework", equalTo("Spring MVC"))
                .body("scenarios[0].nearest[0].ciLow", nullValue());
        Api.ok("/api/frameworks/spring-mvc").body("scenarios[0].rows[0].tied", equalTo(true));
        long netty = rows.scalar("select id from cells where framework = 'Netty'");
        long spring = rows.scalar("select id from cells where framework = 'Spring MVC'");
        Api.ok("/api/compare?a=" + spring + "&b=" + netty)
                .body("ratio", closeTo(100000.0 / 61500, 1e-9))
                .body("ratioCiLow", nullValue())
                .body("significant", equalTo(false))
                .body("outcome", equalTo("cannot-tell"))
                .body("verdict", containsString("cannot tell"));
    }
}
