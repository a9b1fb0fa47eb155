package dev.podium.conflict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.common.PodiumConfig;
import dev.podium.testing.Api;
import dev.podium.testing.AtOnce;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.TestVectors;
import dev.podium.testing.V2Payloads;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.GeneralSecurityException;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A hostile client's race: eight identical creates sent at the same instant, fifty times, on every create endpoint.
 * Each time exactly one is created (201) and stored once; every other copy gets what the same request sent after it
 * gets (409 problem+json naming the field, or the idempotent 200 of POST /api/runs, whose ingest gate may also turn a
 * copy away with its documented 429 before it races), never a 5xx.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class ConcurrentCreatesTest extends EmptyDatabaseTest {

    private static final int CLIENTS = 8;
    private static final int ROUNDS = 50;

    private static final ObjectMapper JSON = new ObjectMapper();
    // the JDK's client, its connections kept alive: a race costs the service's work, not the client's
    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    @Inject
    PodiumConfig config;

    @TestHTTPResource("/")
    URI base;

    /** One answer of a race: its status, and from its body what it was. */
    private record Answer(int status, String contentType, String field, String type, String id, String body) {
        static Answer of(HttpResponse<String> r) {
            String contentType = r.headers().firstValue("Content-Type").orElse("");
            JsonNode json;
            try {
                json = contentType.startsWith("application/") ? JSON.readTree(r.body()) : null;
            } catch (IOException e) {
                json = null;
            }
            return new Answer(
                    r.statusCode(), contentType, text(json, "field"), text(json, "type"), text(json, "id"), r.body());
        }

        private static String text(JsonNode json, String member) {
            return json == null || !json.hasNonNull(member)
                    ? null
                    : json.get(member).asText();
        }

        boolean conflictNaming(String expected) {
            return status == 409 && contentType.startsWith("application/problem+json") && expected.equals(field);
        }
    }

    @AfterEach
    void removeWhatTheRacesCreated() {
        // deleting a webhook deletes its deliveries, a snapshot its list of runs (on delete cascade)
        rows.execute("delete from webhooks");
        rows.execute("delete from snapshots");
    }

    @Test
    void enrolling_one_key_eight_times_at_once_enrols_it_once_and_answers_409_naming_publicKey_to_the_rest() {
        raceAdminCreates("/api/agents", "publicKey", "agents with the key", round -> {
            String publicKey = newPublicKey();
            return new Create(
                    Map.of("name", "racer " + round, "publicKey", publicKey),
                    "select count(*) from agents where public_key = decode('" + publicKey + "', 'base64')");
        });
    }

    @Test
    void registering_one_webhook_url_eight_times_at_once_registers_it_once_and_answers_409_naming_url_to_the_rest() {
        raceAdminCreates("/api/webhooks", "url", "webhooks of the url", round -> {
            String url = "http://127.0.0.1:9/race-" + round;
            return new Create(Map.of("url", url), "select count(*) from webhooks where url = '" + url + "'");
        });
    }

    @Test
    void freezing_one_slug_eight_times_at_once_stores_one_snapshot_and_answers_409_naming_slug_to_the_rest() {
        Api.store(TestVectors.envelope("minimal")); // a board to freeze
        raceAdminCreates("/api/snapshots", "slug", "snapshots of the slug", round -> {
            String slug = "race-" + round;
            return new Create(
                    Map.of("slug", slug, "title", "Race " + round),
                    "select count(*) from snapshots where slug = '" + slug + "'");
        });
    }

    @Test
    void submitting_one_run_eight_times_at_once_stores_it_once_and_answers_200_with_its_id_to_the_rest() {
        // the ingest gate turns away the submissions beyond its slots with 429 (Retry-After) before they race; the
        // first that many always get a slot, so at least that many less one are answered 200
        int admitted = Math.min(CLIENTS, config.maxConcurrentIngests());
        for (int round = 0; round < ROUNDS; round++) {
            String runId = UUID.randomUUID().toString();
            JsonNode run = V2Payloads.full(runId);
            byte[] envelope = V2Payloads.envelope(run);

            List<Answer> answers = race(post("/api/runs", envelope).build());

            assertOneCreatedAndTheRest(
                    answers,
                    a -> (a.status() == 200 && runId.equals(a.id()))
                            || (a.status() == 429 && String.valueOf(a.type()).endsWith("/too-many-ingests")),
                    round);
            long identical = answers.stream().filter(a -> a.status() == 200).count();
            assertTrue(identical >= admitted - 1, "answered 200, round " + round + ": " + answers);
            assertEquals(1, rows.scalar("select count(*) from runs where id = '" + runId + "'"), "round " + round);
            assertEquals(
                    run.get("results").size(),
                    rows.scalar("select count(*) from cells where run_id = '" + runId + "'"),
                    "the run's cells, stored once, round " + round);
        }
    }

    /** One round's create: the members of its JSON body, and the query counting what it stored. */
    private record Create(Map<String, String> body, String count) {}

    /**
     * ROUNDS races of an admin create at {@code path}, each round's made by {@code round}: each time one is created,
     * the rest answered 409 naming {@code field}, and it is stored once ({@code stored} names the count in failures).
     */
    private void raceAdminCreates(String path, String field, String stored, IntFunction<Create> round) {
        for (int r = 0; r < ROUNDS; r++) {
            Create create = round.apply(r);

            List<Answer> answers = race(admin(path, create.body()));

            assertOneCreatedAndTheRest(answers, a -> a.conflictNaming(field), r);
            assertEquals(1, rows.scalar(create.count()), stored + ", round " + r);
        }
    }

    /** POST path with the admin token and the members as a JSON body. */
    private HttpRequest admin(String path, Map<String, String> members) {
        try {
            return post(path, JSON.writeValueAsBytes(members))
                    .header("Authorization", "Bearer " + Api.ADMIN_TOKEN)
                    .build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private HttpRequest.Builder post(String path, byte[] body) {
        return HttpRequest.newBuilder(base.resolve(path))
                .timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
    }

    /** Sends CLIENTS copies of one request at the same instant ({@link AtOnce#race}): their answers. */
    private static List<Answer> race(HttpRequest request) {
        return AtOnce.race(CLIENTS, () -> Answer.of(HTTP.send(request, HttpResponse.BodyHandlers.ofString())));
    }

    /** Exactly one 201, no 5xx, and every other answer one the endpoint documents for a repeat. */
    private static void assertOneCreatedAndTheRest(List<Answer> answers, Predicate<Answer> repeat, int round) {
        List<Integer> statuses = answers.stream().map(Answer::status).toList();
        String what = "round " + round + ", statuses " + statuses + ": " + answers;
        assertTrue(statuses.stream().allMatch(s -> s < 500), "a 5xx, " + what);
        assertEquals(1, Collections.frequency(statuses, 201), "created once, " + what);
        assertTrue(answers.stream().filter(a -> a.status() != 201).allMatch(repeat), "the repeats, " + what);
    }

    /** A new Ed25519 public key, raw and in base64 as enrolment takes it. */
    private static String newPublicKey() {
        try {
            byte[] encoded = KeyPairGenerator.getInstance("Ed25519")
                    .generateKeyPair()
                    .getPublic()
                    .getEncoded();
            // X.509 SubjectPublicKeyInfo: a 12-byte header, then the 32 raw bytes
            return Base64.getEncoder().encodeToString(Arrays.copyOfRange(encoded, encoded.length - 32, encoded.length));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
