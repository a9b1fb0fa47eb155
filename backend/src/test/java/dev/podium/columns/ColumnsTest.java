package dev.podium.columns;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.V2Payloads;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The leaderboard's columns are described once: the CSV the service writes is headed by the described columns in
 * their order, and each description's field names a value of the JSON answer, as the site reads it for its download.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class ColumnsTest extends EmptyDatabaseTest {

    private static final String RUN = "7f4e1c69-3a5d-4b8c-8e2f-9d1a3b4c5e06";

    @BeforeEach
    void reset() {
        Api.store(V2Payloads.envelope(V2Payloads.full(RUN)));
    }

    @Test
    void the_csv_and_the_json_follow_the_described_columns() throws Exception {
        JsonNode described = new ObjectMapper()
                .readTree(Api.ok("/api/columns/leaderboard").extract().asString());
        List<String> csvNames = new ArrayList<>();
        for (JsonNode c : described) {
            csvNames.add(c.get("csv").asText());
            assertFalse(c.get("label").asText().isBlank(), c.toString());
            assertFalse(c.get("description").asText().isBlank(), c.toString());
        }
        String csv = Api.ok("/api/leaderboard?scenario=plaintext&format=csv")
                .extract()
                .asString();
        List<String> lines = csv.lines().toList();
        assertEquals(String.join(",", csvNames), lines.get(0));
        // the site's order (a reader's figures first), as its download was before it read this description
        assertTrue(lines.get(0).startsWith("rank,tied,framework,framework_version,io_model,sla_throughput,"));
        assertEquals(1, csvNames.stream().filter("rank"::equals).count(), "one rank column");

        JsonNode board = new ObjectMapper()
                .readTree(
                        Api.ok("/api/leaderboard?scenario=plaintext").extract().asString());
        JsonNode row = board.get("rows").get(0);
        for (JsonNode c : described) {
            String field = c.get("field").asText();
            JsonNode from = field.startsWith("rows[].") ? row : board;
            String path = field.startsWith("rows[].") ? field.substring("rows[].".length()) : field;
            JsonNode v = from;
            for (String step : path.split("\\[\\]\\.")[0].split("\\.")) {
                v = v.get(step);
                assertTrue(v != null, c.get("name").asText() + ": " + field + " is not in the answer");
            }
        }
    }

    @Test
    void an_unknown_table_is_404_naming_the_field() {
        given().get("/api/columns/colours").then().statusCode(404).body("field", equalTo("table"));
    }
}
