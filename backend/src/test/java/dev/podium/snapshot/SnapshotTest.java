package dev.podium.snapshot;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.V2Payloads;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Freezing the board: what a snapshot holds, that its bytes never change afterwards, and the refusals. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class SnapshotTest extends EmptyDatabaseTest {

    private static final String FIRST = "6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c41";
    private static final String LATER = "6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c42";
    private static final String CPU = "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz";

    @BeforeEach
    void emptyTheSnapshots() {
        rows.execute("truncate table snapshots restart identity cascade");
    }

    private static void push(String runId, String startedAt, double throughputFactor) {
        ObjectNode run = V2Payloads.full(runId);
        run.put("startedAt", startedAt);
        run.put("finishedAt", startedAt.replace("T08:", "T09:"));
        run.get("results")
                .forEach(cell -> cell.get("repeats")
                        .forEach(r -> ((ObjectNode) r)
                                .put(
                                        "requestsPerSecond",
                                        r.get("requestsPerSecond").doubleValue() * throughputFactor)));
        Api.store(V2Payloads.envelope(run));
    }

    private static Response freeze(Object body) {
        return Api.admin().contentType("application/json").body(body).post("/api/snapshots");
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of()
                .formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    @Test
    void a_snapshot_answers_the_same_bytes_after_more_runs_are_pushed() throws Exception {
        push(FIRST, "2026-11-02T08:00:00Z", 1);
        freeze(Map.of("slug", "2026-round-1", "title", "Round 1 (November 2026)"))
                .then()
                .statusCode(201)
                .header("Location", startsWith("http"))
                .header("Location", org.hamcrest.Matchers.endsWith("/api/snapshots/2026-round-1"))
                .body("slug", equalTo("2026-round-1"))
                .body("runCount", equalTo(1))
                .body("hostClasses", contains(CPU + " · 4 vCPU · 16 GiB"));

        Response json = given().get("/api/snapshots/2026-round-1");
        json.then()
                .statusCode(200)
                .contentType(startsWith("application/json"))
                .body("title", equalTo("Round 1 (November 2026)"))
                .body("runs", contains(FIRST))
                // the hardware in full, not only the CPU model
                .body("hosts", hasSize(1))
                .body("hosts[0].cpuModel", equalTo(CPU))
                .body("hosts[0].vcpus", equalTo(4))
                .body("hosts[0].memoryBytes", equalTo(16777216000L))
                .body("hosts[0].kernel", equalTo("6.8.0-1016-aws"))
                .body("hosts[0].os", equalTo("Ubuntu 24.04.1 LTS"))
                .body("hosts[0].settings.governor", equalTo("performance"))
                .body("hosts[0].settings.somaxconn", equalTo(4096))
                .body("hosts[0].runs", contains(FIRST))
                .body("boards.scenario", contains("delay", "plaintext"))
                .body("boards[1].rows.framework", contains("Vert.x Web"))
                .body("boards[1].rows[0].runId", equalTo(FIRST))
                .body("boards[1].baseline.framework", equalTo("nginx"));
        byte[] frozenJson = json.asByteArray();
        byte[] frozenCsv = Api.ok("/api/snapshots/2026-round-1?format=csv")
                .contentType(startsWith("text/csv"))
                .extract()
                .asByteArray();
        String csv = new String(frozenCsv, StandardCharsets.UTF_8);
        assertTrue(csv.startsWith("rank,rank_high,tied,framework,"), csv);
        assertEquals(3, csv.split("\r\n").length, "header + Helidon SE (delay) + Vert.x Web (plaintext): " + csv);

        // the checksums: in the list, in Repr-Digest and in sha256sum's format, all of the served bytes
        Api.ok("/api/snapshots")
                .body("slug", contains("2026-round-1"))
                .body("[0].json.sha256", equalTo(sha256(frozenJson)))
                .body("[0].json.bytes", equalTo(frozenJson.length))
                .body("[0].csv.sha256", equalTo(sha256(frozenCsv)))
                .body("[0].csv.url", equalTo("/api/snapshots/2026-round-1?format=csv"));
        assertEquals(
                "sha-256=:" + Base64.getEncoder().encodeToString(HexFormat.of().parseHex(sha256(frozenJson))) + ":",
                json.header("Repr-Digest"));
        Api.ok("/api/snapshots/2026-round-1/sha256sums")
                .body(equalTo(sha256(frozenJson) + "  podium-2026-round-1.json\n" + sha256(frozenCsv)
                        + "  podium-2026-round-1.csv\n"));

        // a newer, faster run takes over the live board ...
        push(LATER, "2026-11-09T08:00:00Z", 2);
        Api.ok("/api/leaderboard?scenario=plaintext").body("rows[0].runId", equalTo(LATER));
        // ... and the snapshot still answers exactly what it answered when frozen
        assertArrayEquals(frozenJson, given().get("/api/snapshots/2026-round-1").asByteArray());
        assertArrayEquals(
                frozenCsv,
                given().accept("text/csv").get("/api/snapshots/2026-round-1").asByteArray());

        // a second snapshot freezes the board as it is now
        freeze(Map.of("slug", "2026-round-2", "title", "Round 2"))
                .then()
                .statusCode(201)
                .body("runCount", equalTo(1));
        byte[] second = given().get("/api/snapshots/2026-round-2").asByteArray();
        assertNotEquals(new String(frozenJson, StandardCharsets.UTF_8), new String(second, StandardCharsets.UTF_8));
        given().get("/api/snapshots/2026-round-2").then().body("runs", contains(LATER));
        given().get("/api/snapshots").then().body("slug", contains("2026-round-2", "2026-round-1"));
    }

    @Test
    void bad_input_is_refused_with_the_field_named_and_changes_nothing() {
        // no runs on the board yet
        freeze(Map.of("slug", "empty", "title", "Nothing"))
                .then()
                .spec(Api.problem(422))
                .body("detail", startsWith("there are no runs"));
        Api.ok("/api/snapshots").body("$", hasSize(0));

        push(FIRST, "2026-11-02T08:00:00Z", 1);
        freeze(Map.of("slug", "Round 1", "title", "x")).then().spec(Api.problem(400, "slug"));
        freeze(Map.of("slug", "round-1")).then().spec(Api.problem(400, "title"));
        freeze(Map.of("slug", "round-1", "title", "a\u0000b")).then().spec(Api.problem(400, "title"));
        freeze(Map.of("slug", "round-1", "title", "x", "runs", "all")).then().spec(Api.problem(400, "runs"));
        given().contentType("application/json")
                .body(Map.of("slug", "round-1", "title", "x"))
                .post("/api/snapshots")
                .then()
                .spec(Api.problem(401, "Authorization"));
        given().get("/api/snapshots").then().body("$", hasSize(0));

        freeze(Map.of("slug", "round-1", "title", "The first")).then().statusCode(201);
        byte[] first = given().get("/api/snapshots/round-1").asByteArray();
        push(LATER, "2026-11-09T08:00:00Z", 2);
        freeze(Map.of("slug", "round-1", "title", "Replaced?")).then().spec(Api.problem(409, "slug"));
        assertArrayEquals(first, given().get("/api/snapshots/round-1").asByteArray());
        given().get("/api/snapshots").then().body("$", hasSize(1));

        given().get("/api/snapshots/no-such-round").then().spec(Api.problem(404, "slug"));
        given().get("/api/snapshots/no-such-round/sha256sums").then().statusCode(404);
        given().get("/api/snapshots/round-1?format=xml").then().spec(Api.problem(400, "format"));
        // immutable: no update, no delete
        Api.admin()
                .contentType("application/json")
                .body(Map.of("title", "x"))
                .put("/api/snapshots/round-1")
                .then()
                .statusCode(405);
        Api.admin().delete("/api/snapshots/round-1").then().statusCode(405);
        assertArrayEquals(first, given().get("/api/snapshots/round-1").asByteArray());
    }
}
