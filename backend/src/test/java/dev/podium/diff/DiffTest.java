package dev.podium.diff;

import static dev.podium.leaderboard.SignedRuns.around;
import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.leaderboard.SignedRuns;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Two runs: Netty 40% slower on a new version, Vert.x 50% faster, Undertow unchanged, Jetty only in the second. Two
 * runs are measured in different stretches of the host, so the engine counts the host's drift between them (10%):
 * moves of that size are decided, a move of 8% or 15% would not be (methodology section 10).
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class DiffTest extends EmptyDatabaseTest {

    static final String A = "00000000-0000-4000-8000-000000000301";
    static final String B = "00000000-0000-4000-8000-000000000302";

    @BeforeEach
    void seed() {
        SignedRuns.run(A, "2026-11-01T08:00:00Z")
                .netty(256, around(100_000))
                .cell("Vert.x Web", "5.0.5", "non-blocking", "plaintext", 256, 2, false, 2, 0, around(90_000))
                .cell("Undertow", "2.3.18", "blocking", "plaintext", 256, 2, false, 2, 0, around(70_000))
                .store();
        double[] undertow = {70_300, 69_500, 70_600, 69_800, 70_100};
        SignedRuns.run(B, "2026-11-02T08:00:00Z")
                .cell("Netty", "4.2.8.Final", "non-blocking", "plaintext", 256, 2, false, 2, 0, around(60_000))
                .cell("Vert.x Web", "5.0.5", "non-blocking", "plaintext", 256, 2, false, 2, 0, around(135_000))
                .cell("Undertow", "2.3.18", "blocking", "plaintext", 256, 2, false, 2, 0, undertow)
                .cell("Jetty", "12.0.16", "blocking", "plaintext", 256, 2, false, 2, 0, around(60_000))
                .store();
    }

    @Test
    void listsTheCellsThatMovedLargestFirstAndWhatDiffers() {
        JsonPath d = Api.json("/api/diff?a=" + A + "&b=" + B);
        assertEquals(3, d.getInt("compared"));
        assertEquals(0, d.getInt("onlyInA"));
        assertEquals(1, d.getInt("onlyInB"));
        assertTrue(d.getBoolean("sameHostClass"));
        List<Map<String, Object>> moved = d.getList("moved");
        // throughput only: the seeded p99 is the same in every repeat, so Welch is undefined there and nothing is
        // listed; Vert.x Web's +50% is the larger move
        assertEquals(List.of("Vert.x Web", "Netty"), d.getList("moved.framework"), d.prettify());
        assertEquals(List.of("throughput", "throughput"), d.getList("moved.metric"));
        assertEquals(50.0, d.getDouble("moved[0].effectPercent"), 0.01);
        assertEquals(true, d.getBoolean("moved[0].improved"));
        assertEquals(-40.0, d.getDouble("moved[1].effectPercent"), 0.01);
        assertEquals(false, d.getBoolean("moved[1].improved"));
        assertTrue(d.getDouble("moved[1].pValue") < 0.01);
        assertEquals(2, moved.size(), "Undertow moved 0.1%: not listed");
        assertEquals(
                List.of(
                                Map.of("field", "frameworkVersion:Netty", "a", "4.2.7.Final", "b", "4.2.8.Final"),
                                Map.of("field", "frameworkVersion:Jetty", "b", "12.0.16"))
                        .size(),
                d.getList("differences").size(),
                d.prettify());
        assertEquals("frameworkVersion:Jetty", d.getString("differences[0].field"));
        assertEquals(null, d.getString("differences[0].a"));
        assertEquals("frameworkVersion:Netty", d.getString("differences[1].field"));
        assertEquals("4.2.8.Final", d.getString("differences[1].b"));

        // the other way round: the same moves, signs flipped
        JsonPath back = Api.json("/api/diff?a=" + B + "&b=" + A);
        assertEquals(66.67, back.getDouble("moved[0].effectPercent"), 0.01); // Netty: 100,000 over 60,000
        assertEquals(1, back.getInt("onlyInA"));
    }

    @Test
    void badInputIsRefusedByName() {
        given().get("/api/diff?a=" + A).then().spec(Api.problem(400, "b"));
        given().get("/api/diff?a=nope&b=" + B).then().spec(Api.problem(400, "a"));
        given().get("/api/diff?a=" + A + "&b=" + B + "&alpha=1").then().spec(Api.problem(400, "alpha"));
        given().get("/api/diff?a=" + A + "&b=00000000-0000-4000-8000-00000000ffff")
                .then()
                .spec(Api.problem(404, "b"));
        given().get("/api/diff?a=" + A + "&b=" + B + "&colour=red").then().spec(Api.problem(400, "colour"));
    }
}
