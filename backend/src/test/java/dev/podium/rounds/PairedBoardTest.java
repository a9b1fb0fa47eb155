package dev.podium.rounds;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.TestSigner;
import dev.podium.testing.TestVectors;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The board pairs two targets of one run measured in interleaved rounds (methodology section 10): v2-rounds.json has
 * Jetty at 0.8 of Netty in each of its three rounds (Netty's starts 100,000.5, 104,000 and 98,000) while the rounds
 * themselves move by 6%. Paired by round, the host's part cancels and the engine tells them apart; the same repeats
 * without their rounds are two figures of one start after another, the host's drift between them counted, and it
 * cannot.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class PairedBoardTest extends EmptyDatabaseTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void targets_measured_in_rounds_are_paired_and_told_apart() {
        Api.store(TestVectors.envelope("v2-rounds"));
        JsonPath board = Api.json("/api/leaderboard?scenario=plaintext&vcpus=1");
        assertEquals(List.of("Netty", "Jetty"), board.getList("rows.framework"));
        assertEquals(List.of(1, 2), board.getList("rows.rank"));
        assertEquals(List.of(1, 2), board.getList("rows.rankHigh"));
        long netty = board.getLong("rows[0].slaCellId");
        long jetty = board.getLong("rows[1].slaCellId");
        JsonPath c = Api.json("/api/compare?a=" + jetty + "&b=" + netty);
        assertEquals("faster", c.getString("outcome"));
        assertEquals(true, c.getBoolean("paired"));
        assertTrue(c.getDouble("ratioCiLow") > 1.2 && c.getDouble("ratioCiHigh") < 1.3, c.prettify());
    }

    @Test
    void the_same_repeats_without_their_rounds_cannot_be_told_apart() throws Exception {
        ObjectNode payload = (ObjectNode) JSON.readTree(TestVectors.bytes("payloads/valid/v2-rounds.json"));
        payload.withArray("results").forEach(cell -> ((ObjectNode) cell).remove("starts"));
        Api.store(TestSigner.envelope("test-agent", TestSigner.V2_PAYLOAD_TYPE, JSON.writeValueAsBytes(payload)));
        JsonPath board = Api.json("/api/leaderboard?scenario=plaintext&vcpus=1");
        assertEquals(List.of("Netty", "Jetty"), board.getList("rows.framework"));
        assertEquals(List.of(1, 1), board.getList("rows.rank"));
        assertEquals(List.of(2, 2), board.getList("rows.rankHigh"));
        JsonPath c = Api.json(
                "/api/compare?a=" + board.getLong("rows[1].slaCellId") + "&b=" + board.getLong("rows[0].slaCellId"));
        assertEquals("cannot-tell", c.getString("outcome"));
        assertEquals(false, c.getBoolean("paired"));
    }
}
