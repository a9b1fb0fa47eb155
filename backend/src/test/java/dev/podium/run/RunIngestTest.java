package dev.podium.run;

import static dev.podium.testing.TestVectors.FULL_ID;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.ingest.IngestGate;
import dev.podium.testing.Api;
import dev.podium.testing.AtOnce;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.Rows;
import dev.podium.testing.TestSigner;
import dev.podium.testing.TestVectors;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Ingest behaviour beyond single cases: idempotency, races, size and concurrency limits, byte-identical storage. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class RunIngestTest extends EmptyDatabaseTest {

    @Inject
    IngestGate gate;

    @Test
    void stores_a_signed_run_and_serves_its_envelope_back_byte_for_byte() {
        byte[] envelope = TestVectors.envelope("full");
        Api.submit(envelope)
                .then()
                .statusCode(201)
                .header("Location", org.hamcrest.Matchers.endsWith("/api/runs/" + FULL_ID))
                .body("id", equalTo(FULL_ID));

        byte[] served = Api.ok("/api/runs/" + FULL_ID + "/envelope")
                .contentType(startsWith("application/json"))
                .extract()
                .asByteArray();
        assertArrayEquals(envelope, served);
        String inDetail = Api.ok("/api/runs/" + FULL_ID).extract().path("envelope");
        assertEquals(new String(envelope, StandardCharsets.UTF_8), inDetail);
    }

    @Test
    void answers_200_with_the_same_id_to_an_identical_resubmission_and_stores_nothing_more() {
        byte[] envelope = TestVectors.envelope("full");
        Api.store(envelope);
        Rows.Counts after = rows.counts();

        Api.submit(envelope).then().statusCode(200).body("id", equalTo(FULL_ID));

        assertEquals(after, rows.counts());
    }

    @Test
    void answers_409_naming_runId_to_the_same_run_id_with_other_bytes() {
        Api.store(TestVectors.envelope("minimal"));
        Rows.Counts after = rows.counts();

        Api.submit(TestVectors.envelope("conflict-minimal")).then().spec(Api.problem(409, "runId"));

        assertEquals(after, rows.counts());
    }

    @Test
    void concurrent_identical_submissions_store_one_run_and_answer_201_once_and_200_otherwise() {
        byte[] envelope = TestVectors.envelope("full");
        List<Integer> statuses = AtOnce.race(4, () -> Api.submit(envelope).statusCode());

        // a submission may also be turned away by the ingest gate (429); never a 500
        assertEquals(1, Collections.frequency(statuses, 201), "statuses " + statuses);
        assertTrue(statuses.stream().allMatch(s -> s == 201 || s == 200 || s == 429), "statuses " + statuses);
        assertEquals(1, rows.counts().runs());
    }

    @Test
    void refuses_a_body_over_the_size_limit_with_413_problem_json_and_stores_nothing() {
        byte[] tooLarge = new byte[1024 * 1024 + 1];
        java.util.Arrays.fill(tooLarge, (byte) ' ');
        Rows.Counts before = rows.counts();

        Api.submit(tooLarge)
                .then()
                .spec(Api.problem(413))
                .body("status", equalTo(413))
                .body("detail", notNullValue());

        assertEquals(before, rows.counts());
    }

    @Test
    void refuses_a_chunked_body_over_the_size_limit_with_413_problem_json() {
        byte[] tooLarge = new byte[1024 * 1024 + 1];
        java.util.Arrays.fill(tooLarge, (byte) ' ');

        given().contentType("application/json")
                .body(new java.io.ByteArrayInputStream(tooLarge))
                .post("/api/runs")
                .then()
                .spec(Api.problem(413));
    }

    @Test
    void answers_429_with_retry_after_while_the_maximum_of_ingests_is_in_flight() {
        int taken = 0;
        while (gate.tryEnter()) {
            taken++;
        }
        try {
            Api.submit(TestVectors.envelope("minimal"))
                    .then()
                    .statusCode(429)
                    .header("Retry-After", notNullValue())
                    .contentType(startsWith("application/problem+json"));
            assertEquals(0, rows.counts().runs());
        } finally {
            for (int i = 0; i < taken; i++) {
                gate.leave();
            }
        }
        assertEquals(4, taken, "PODIUM_MAX_CONCURRENT_INGESTS defaults to 4");
        Api.store(TestVectors.envelope("minimal"));
    }

    @Test
    void stores_text_with_backslashes_quotes_braces_and_markup_unchanged() throws Exception {
        ObjectMapper json = new ObjectMapper();
        ObjectNode payload = (ObjectNode) json.readTree(TestVectors.bytes("payloads/valid/minimal.json"));
        // tabs and line breaks are control characters, refused (schema/testdata/hostile/cases/name-*.json)
        String odd = "Weird name \\ \"quoted\" {braces} <b>bold</b> ${x}, é";
        String id = "7b2e3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d";
        payload.put("runId", id);
        ((ObjectNode) payload.get("results").get(0)).put("framework", odd);
        ((ArrayNode) payload.get("jvm").get("flags")).add(odd);

        Api.store(TestSigner.envelope("test-agent", json.writeValueAsBytes(payload)));

        Api.ok("/api/runs/" + id)
                .body("cells[0].framework", equalTo(odd))
                .body("jvm.flags", org.hamcrest.Matchers.hasItem(odd));
    }

    @Test
    void a_payload_signed_by_nobody_enrolled_but_valid_writes_nothing_and_names_the_key() {
        byte[] envelope = TestSigner.envelope("other-agent", TestVectors.bytes("payloads/valid/full.json"));
        Api.submit(envelope).then().spec(Api.problem(401, "signatures[0].keyid"));
        assertEquals(0, rows.counts().runs());
    }

    @Test
    void accepts_an_envelope_whose_second_signature_is_by_an_enrolled_key() {
        String envelope = new String(TestVectors.envelope("minimal"), StandardCharsets.UTF_8);
        String unknown = new String(TestVectors.envelope("unknown-key"), StandardCharsets.UTF_8);
        // the unknown key's signature first, then test-agent's: the run is accepted on the second
        String otherSignature = unknown.substring(
                unknown.indexOf("{", unknown.indexOf("\"signatures\"")),
                unknown.lastIndexOf("}", unknown.lastIndexOf("]")) + 1);
        String both = envelope.replaceFirst(
                "\"signatures\": \\[",
                "\"signatures\": [" + java.util.regex.Matcher.quoteReplacement(otherSignature) + ",");
        assertTrue(both.contains(TestVectors.key("other-agent").keyid()), both);

        Api.store(both.getBytes(StandardCharsets.UTF_8));
    }
}
