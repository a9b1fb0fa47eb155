package dev.podium.run;

import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.stats.IntervalBackfill;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.Rows;
import dev.podium.testing.TestSigner;
import dev.podium.testing.TestVectors;
import dev.podium.testing.V2Payloads;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.EdECPoint;
import java.security.spec.EdECPublicKeySpec;
import java.security.spec.NamedParameterSpec;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/**
 * Payload v2 beside v1: both stored and re-verifiable, the v2 rules of schema/README.md, the cost figures derived at
 * ingest, and the interval of rows stored before V2__cost.sql recomputed. Expected figures: scipy 1.17
 * (stats.t.interval(0.95, n - 1, loc=mean, scale=sd/sqrt(n))) over the per-repeat values in the comments.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class PayloadV2IngestTest extends EmptyDatabaseTest {

    private static final String V2_ID = "6e3d0b58-2f4c-4a7b-9d1e-8c0f2a3b4d05";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    IntervalBackfill backfill;

    @Test
    void stores_v1_and_v2_runs_side_by_side_and_both_re_verify_byte_for_byte_against_the_agent_key() throws Exception {
        byte[] v1 = TestVectors.envelope("full");
        byte[] v2 = V2Payloads.envelope(V2Payloads.full(V2_ID));
        Api.store(v1);
        Api.submit(v2).then().statusCode(201).body("id", equalTo(V2_ID));

        for (var run : new Object[][] {{TestVectors.FULL_ID, v1, 1}, {V2_ID, v2, 2}}) {
            byte[] served =
                    Api.ok("/api/runs/" + run[0] + "/envelope").extract().asByteArray();
            assertArrayEquals((byte[]) run[1], served);
            assertTrue(verifies(served), "the served envelope of run " + run[0] + " verifies with test-agent's key");
            Api.ok("/api/runs/" + run[0]).body("schemaVersion", equalTo(run[2]));
        }
    }

    @Test
    void a_v2_run_shows_its_usage_startup_host_settings_and_cost_figures_with_their_intervals() {
        Api.store(V2Payloads.envelope(V2Payloads.full(V2_ID)));

        // cell 1: Vert.x Web on 2 vCPUs, 5 repeats of 120000, 122000, 118000, 121000, 119000 req/s over 15 s,
        // 27 s CPU and 400 MB mean RSS each
        String cell = "cells[1].";
        Api.okDoubles("/api/runs/" + V2_ID)
                .body("host.settings.governor", equalTo("performance"))
                .body("host.settings.turbo", equalTo("off"))
                .body("host.settings.somaxconn", equalTo(4096))
                .body(cell + "cpus", equalTo("0-1"))
                .body(cell + "startup.firstResponseMs", closeTo(850.5, 1e-9))
                .body(cell + "startup.idleRssBytes", equalTo(120_000_000))
                .body(cell + "repeats[0].usage.targetCpuUserSeconds", closeTo(24.0, 1e-9))
                .body(cell + "repeats[0].usage.targetRssPeakBytes", equalTo(450_000_000))
                .body(cell + "repeats[0].usage.generatorCpuSeconds", closeTo(10.0, 1e-9))
                .body(cell + "repeats[0].usage.samples", equalTo(30))
                .body(cell + "stats.repeatCount", equalTo(5))
                // req/s: 120000, t interval (118036.75683852244, 121963.24316147756) on the log scale around the
                // figure: (118052.72929697079, 121979.39078372075); cv 0.013176156917368249
                .body(cell + "stats.rpsCiLow", closeTo(118052.72929697079, 1e-6))
                .body(cell + "stats.rpsCiHigh", closeTo(121979.39078372075, 1e-6))
                .body(cell + "stats.rpsCv", closeTo(0.013176156917368249, 1e-12))
                .body(cell + "stats.noisy", equalTo(false))
                // requests / 27 s: 66666.66666666667, t (65575.97602140137, 67757.35731193198), on the log scale:
                .body(cell + "stats.requestsPerCpuSecond.mean", closeTo(66666.66666666667, 1e-6))
                .body(cell + "stats.requestsPerCpuSecond.ciLow", closeTo(65584.84960942822, 1e-6))
                .body(cell + "stats.requestsPerCpuSecond.ciHigh", closeTo(67766.3282131782, 1e-6))
                .body(cell + "stats.requestsPerCpuSecond.repeats", equalTo(5))
                // req/s / 2: 60000, t (59018.37841926122, 60981.62158073878), on the log scale:
                .body(cell + "stats.rpsPerVcpu.mean", closeTo(60000.0, 1e-6))
                .body(cell + "stats.rpsPerVcpu.ciLow", closeTo(59026.364648485396, 1e-6))
                // 400 MB / (req/s / 1000): 3.3337964056360283, t (3.279246341629755, 3.388346469642302), log scale:
                .body(cell + "stats.rssMbPerKrps.mean", closeTo(3.3337964056360283, 1e-12))
                .body(cell + "stats.rssMbPerKrps.ciLow", closeTo(3.2796902117765288, 1e-12))
                .body(cell + "stats.rssMbPerKrps.ciHigh", closeTo(3.388795208255785, 1e-12));
    }

    @Test
    void a_v1_run_has_no_usage_settings_cost_figures_database_balancer_or_cpu_seconds() {
        Api.store(TestVectors.envelope("full"));

        Api.okDoubles("/api/runs/" + TestVectors.FULL_ID)
                .body("host.settings", nullValue())
                .body("cells[1].startup", nullValue())
                .body("cells[1].repeats[0].usage", nullValue())
                .body("cells[1].stats.requestsPerCpuSecond", nullValue())
                .body("cells[1].stats.rssMbPerKrps", nullValue())
                .body("cells[1].stats.rpsCiLow", closeTo(118052.72929697079, 1e-6))
                .body("database", nullValue())
                .body("balancer", nullValue())
                .body("cells.database", everyItem(nullValue()))
                .body("cells.cpuSeconds", everyItem(nullValue()));
    }

    @Test
    void a_schema_version_that_does_not_match_the_payload_type_is_422_naming_schemaVersion() {
        ObjectNode v2 = V2Payloads.full(V2_ID);
        byte[] v2UnderV1Type = TestSigner.envelope("test-agent", TestSigner.PAYLOAD_TYPE, V2Payloads.bytes(v2));
        byte[] v1UnderV2Type = TestSigner.envelope(
                "test-agent", TestSigner.V2_PAYLOAD_TYPE, TestVectors.bytes("payloads/valid/full.json"));

        for (byte[] envelope : new byte[][] {v2UnderV1Type, v1UnderV2Type}) {
            Api.submit(envelope).then().spec(Api.problem(422, "schemaVersion"));
        }
        assertEquals(new Rows.Counts(0, 0, 0), rows.counts());
    }

    @Test
    void every_scenario_the_v2_schema_allows_is_stored() {
        // the database scenarios were in the schema's enum but not in the cells table's check: a 500 on the first run
        assertTrue(
                dev.podium.read.QueryParams.SCENARIOS.containsAll(
                        java.util.List.of("db", "queries", "updates", "fortunes")),
                dev.podium.read.QueryParams.SCENARIOS.toString());
        int n = 0;
        for (String scenario : dev.podium.read.QueryParams.SCENARIOS) {
            if (scenario.equals("delay")) {
                continue; // a delay cell needs delayMs: the full vector has one
            }
            String id = String.format("6e3d0b58-2f4c-4a7b-9d1e-8c0f2a3b4e%02d", n++);
            ObjectNode run = V2Payloads.full(id);
            ((ObjectNode) run.get("results").get(0)).put("scenario", scenario);
            Api.store(V2Payloads.envelope(run));
            Api.ok("/api/runs/" + id + "/cells").body("items[0].scenario", equalTo(scenario));
        }
        assertEquals(n, rows.counts().runs());
    }

    @Test
    void a_v2_repeat_without_usage_is_422_naming_the_usage_field() {
        ObjectNode run = V2Payloads.full(V2_ID);
        ((ObjectNode) run.get("results").get(2).get("repeats").get(1)).remove("usage");

        V2Payloads.refusal(run, "results[2].repeats[1].usage");
        assertEquals(0, rows.counts().runs());
    }

    @Test
    void target_cpu_above_what_its_vcpus_had_is_422_naming_the_field_and_the_limit_itself_is_accepted() {
        // 2 vCPUs over 15 s: at most 15 x 2 x 1.05 + 0.05 = 31.55 s of user + system
        ObjectNode over = V2Payloads.full(V2_ID);
        V2Payloads.usage(over, 1, 3).put("targetCpuUserSeconds", 28.0).put("targetCpuSystemSeconds", 3.56);
        assertRefused(
                over,
                "results[1].repeats[3].usage.targetCpuUserSeconds",
                "user + system CPU 31.560 s is more than 2 vCPUs can give in 15.000 s (at most 31.550 s)");

        ObjectNode atTheLimit = V2Payloads.full(V2_ID);
        V2Payloads.usage(atTheLimit, 1, 3).put("targetCpuUserSeconds", 28.0).put("targetCpuSystemSeconds", 3.55);
        Api.store(V2Payloads.envelope(atTheLimit));
    }

    @Test
    void generator_cpu_above_what_the_host_had_is_422_naming_the_field() {
        // the host's 4 vCPUs over 15 s: at most 15 x 4 x 1.05 + 0.05 = 63.05 s
        ObjectNode run = V2Payloads.full(V2_ID);
        V2Payloads.usage(run, 0, 2).put("generatorCpuSeconds", 63.1);
        assertRefused(
                run,
                "results[0].repeats[2].usage.generatorCpuSeconds",
                "63.100 s is more than the host's 4 vCPUs can give in 15.000 s (at most 63.050 s)");
    }

    @Test
    void peak_rss_below_the_mean_is_422_naming_the_peak() {
        ObjectNode run = V2Payloads.full(V2_ID);
        V2Payloads.usage(run, 3, 0).put("targetRssPeakBytes", 399_999_999L);
        V2Payloads.refusal(run, "results[3].repeats[0].usage.targetRssPeakBytes");
        assertEquals(0, rows.counts().runs());
    }

    @Test
    void a_stored_bootstrap_interval_is_recomputed_as_the_t_interval_once() throws Exception {
        Api.store(TestVectors.envelope("full"));
        // how a row stored before V2__cost.sql looks: the bootstrap "95% CI" (here min..max) and no method
        rows.execute("update cells set rps_ci_low = 118000, rps_ci_high = 122000, rps_ci_method = null,"
                + " rps_cv = null, noisy = null");

        assertEquals(4, backfill.run());
        assertEquals(0, backfill.run(), "a second start finds nothing left to recompute");

        Api.okDoubles("/api/runs/" + TestVectors.FULL_ID)
                .body("cells[1].stats.rpsCiLow", closeTo(118052.72929697079, 1e-6))
                .body("cells[1].stats.rpsCiHigh", closeTo(121979.39078372075, 1e-6))
                .body("cells[1].stats.rpsCv", closeTo(0.013176156917368249, 1e-12))
                .body("cells[1].stats.noisy", equalTo(false))
                // nginx: 200000, 199000, 201000 -> t (197515.86228824966, 202484.13771175034), on the log scale
                // from 197531.22596374963
                .body("cells[0].stats.rpsCiLow", closeTo(197531.22596374963, 1e-6));
    }

    /** DSSE verification as anyone holding the published key would do it: PAE over the served payload. */
    private static boolean verifies(byte[] envelope) throws Exception {
        JsonNode e = JSON.readTree(envelope);
        String type = e.get("payloadType").asText();
        byte[] payload = Base64.getDecoder().decode(e.get("payload").asText());
        byte[] header =
                ("DSSEv1 " + type.length() + " " + type + " " + payload.length + " ").getBytes(StandardCharsets.UTF_8);
        Signature verifier = Signature.getInstance("Ed25519");
        verifier.initVerify(publicKey(
                Base64.getDecoder().decode(TestVectors.key("test-agent").publicKey())));
        verifier.update(header);
        verifier.update(payload);
        return verifier.verify(
                Base64.getDecoder().decode(e.get("signatures").get(0).get("sig").asText()));
    }

    /** RFC 8032 encoding: little-endian y with x's parity in the top bit. */
    private static PublicKey publicKey(byte[] raw) throws Exception {
        byte[] be = new byte[raw.length];
        for (int i = 0; i < raw.length; i++) {
            be[i] = raw[raw.length - 1 - i];
        }
        boolean xOdd = (be[0] & 0x80) != 0;
        be[0] &= 0x7f;
        return KeyFactory.getInstance("Ed25519")
                .generatePublic(
                        new EdECPublicKeySpec(NamedParameterSpec.ED25519, new EdECPoint(xOdd, new BigInteger(1, be))));
    }

    /** The run is refused (422) naming field, its detail saying detail, and nothing is stored. */
    private void assertRefused(ObjectNode run, String field, String detail) {
        V2Payloads.refusal(run, field).body("detail", containsString(detail));
        assertEquals(0, rows.counts().runs());
    }
}
