package dev.podium.run;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.Rows;
import dev.podium.testing.TestVectors;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every case of schema/testdata/cases.json answers its status and names its field; rejected ones write nothing. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class RunSubmissionCasesTest extends EmptyDatabaseTest {

    static List<TestVectors.Case> cases() {
        return TestVectors.cases();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void answers_each_shared_case_with_its_status_and_field_and_writes_nothing_when_rejecting(TestVectors.Case c) {
        if (c.status() == 409) {
            Api.store(TestVectors.envelope("minimal"));
        }
        Rows.Counts before = rows.counts();

        ValidatableResponse response =
                Api.submit(TestVectors.bytes(c.envelope())).then().statusCode(c.status());

        if (c.status() >= 400) {
            response.contentType(startsWith("application/problem+json"))
                    .body("status", equalTo(c.status()))
                    .body("type", startsWith("https://podium.dev/problems/"))
                    .body("title", org.hamcrest.Matchers.notNullValue())
                    .body("detail", org.hamcrest.Matchers.notNullValue())
                    .body("field", c.field() == null ? nullValue() : equalTo(c.field()));
            assertEquals(before, rows.counts(), "a rejected submission must leave runs/cells/repeats unchanged");
        } else {
            assertEquals(before.runs() + 1, rows.counts().runs());
        }
    }
}
