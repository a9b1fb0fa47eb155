package dev.podium.read;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.startsWith;

import dev.podium.testing.EmbeddedPostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** Every table endpoint negotiates CSV the same way: format wins, else the Accept header's first preference. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class CsvNegotiationTest {

    static final String[] TABLES = {
        "/api/runs",
        "/api/leaderboard?scenario=plaintext",
        "/api/history?scenario=plaintext&framework=Netty",
        "/api/changes"
    };

    /** GET path accepting accept: 200 in the media type type. */
    static void assertAnswered(String path, String accept, String type) {
        given().accept(accept).get(path).then().statusCode(200).contentType(startsWith(type));
    }

    @Test
    void json_first_then_csv_answers_json_everywhere() {
        for (String path : TABLES) {
            assertAnswered(path, "application/json, text/csv", "application/json");
        }
    }

    @Test
    void csv_first_or_format_csv_answers_csv_everywhere() {
        for (String path : TABLES) {
            assertAnswered(path, "text/csv, application/json", "text/csv");
            given().accept("application/json")
                    .queryParam("format", "csv")
                    .get(path)
                    .then()
                    .statusCode(200)
                    .contentType(startsWith("text/csv"));
        }
    }
}
