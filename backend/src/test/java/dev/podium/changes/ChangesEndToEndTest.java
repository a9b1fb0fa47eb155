package dev.podium.changes;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.podium.leaderboard.SignedRuns;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.Rows;
import dev.podium.webhook.Webhooks;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.io.ByteArrayInputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Nine stable signed runs, then one 15% slower: the change point shows on /api/changes, in the Atom feed and at a local
 * webhook receiver (which answers 500 first, so the delivery is retried) with a signature the receiver verifies.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class ChangesEndToEndTest {

    /** One message as the receiver got it. */
    record Delivery(int status, Map<String, List<String>> headers, byte[] body) {}

    @Inject
    Rows rows;

    @Inject
    Webhooks webhooks;

    HttpServer receiver;
    final List<Delivery> deliveries = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        rows.reset();
        webhooks.list().forEach(h -> webhooks.delete(h.id()));
        Api.enrol("test-agent");
        AtomicInteger calls = new AtomicInteger();
        receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.createContext("/hook", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            int status = calls.incrementAndGet() == 1 ? 500 : 204; // the first attempt fails
            deliveries.add(new Delivery(status, Map.copyOf(exchange.getRequestHeaders()), body));
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        receiver.start();
    }

    @AfterEach
    void stop() {
        receiver.stop(0);
        webhooks.list().forEach(h -> webhooks.delete(h.id()));
    }

    @Test
    void aFifteenPercentDropAfterNineStableRunsIsSeenEverywhereWithinSeconds() throws Exception {
        String url = "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook";
        String secret = Api.admin()
                .contentType("application/json")
                .body(Map.of("url", url))
                .post("/api/webhooks")
                .then()
                .statusCode(201)
                .body("url", equalTo(url))
                .extract()
                .path("secret");
        for (int day = 1; day <= 9; day++) {
            Api.store(SignedRuns.nettyDay(1, day, 100_000 * (1 + 0.002 * (day % 3))));
        }
        Thread.sleep(500);
        Api.ok("/api/changes?framework=Netty").body("size()", equalTo(0));
        long t0 = System.nanoTime();
        Api.store(SignedRuns.nettyDay(1, 10, 85_000));

        JsonPath changes = null;
        while (System.nanoTime() - t0 < 10_000_000_000L) {
            changes = Api.json("/api/changes?framework=Netty&scenario=plaintext");
            if (changes.getList("$").size() > 0) {
                break;
            }
            Thread.sleep(100);
        }
        System.out.printf(
                "change point listed %.0f ms after the 10th run was accepted%n", (System.nanoTime() - t0) / 1e6);
        assertEquals(1, changes.getList("$").size(), changes.prettify());
        assertEquals("throughput", changes.getString("[0].metric"));
        assertEquals("00000000-0000-4000-8000-000000000110", changes.getString("[0].runAfter"));
        assertEquals("00000000-0000-4000-8000-000000000109", changes.getString("[0].runBefore"));
        assertEquals(9, changes.getInt("[0].runsBefore"));
        assertEquals(1, changes.getInt("[0].runsAfter"));
        // 85,000 against the nine runs' mean of 100,200 (levels 100,000 x 1.000/1.002/1.004): -15.17%
        assertEquals(-15.17, changes.getDouble("[0].effectPercent"), 0.05);
        assertTrue(changes.getDouble("[0].pValue") < 0.001, changes.getString("[0].pValue"));
        assertEquals(SignedRuns.HOST_CLASS, changes.getString("[0].hostClass"));

        // the same as CSV
        String csv = Api.ok("/api/changes?framework=Netty&format=csv").extract().asString();
        assertTrue(csv.startsWith("id,metric,host_class,"), csv);
        assertEquals(2, csv.split("\r\n").length, csv);

        // the Atom feed parses, is Atom 1.0, and has the entry
        byte[] atom = Api.ok("/api/changes.atom?framework=Netty")
                .contentType(containsString("application/atom+xml"))
                .extract()
                .asByteArray();
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        Document feed = factory.newDocumentBuilder().parse(new ByteArrayInputStream(atom));
        Element root = feed.getDocumentElement();
        assertEquals("feed", root.getLocalName());
        assertEquals("http://www.w3.org/2005/Atom", root.getNamespaceURI());
        for (String required : List.of("id", "title", "updated", "author")) {
            assertEquals(
                    1,
                    root.getElementsByTagNameNS("http://www.w3.org/2005/Atom", required)
                                            .getLength()
                                    >= 1
                            ? 1
                            : 0,
                    required);
        }
        NodeList entries = root.getElementsByTagNameNS("http://www.w3.org/2005/Atom", "entry");
        assertEquals(1, entries.getLength());
        String title = ((Element) entries.item(0))
                .getElementsByTagNameNS("http://www.w3.org/2005/Atom", "title")
                .item(0)
                .getTextContent();
        assertTrue(title.contains("throughput -15.2%") && title.contains("Netty"), title);

        // the webhook: a 500, then the retry delivered; both signed, the signature verifies with the secret
        while (deliveries.size() < 2 && System.nanoTime() - t0 < 15_000_000_000L) {
            Thread.sleep(100);
        }
        System.out.printf(
                "webhook delivered (second attempt) %.0f ms after the 10th run was accepted%n",
                (System.nanoTime() - t0) / 1e6);
        assertEquals(2, deliveries.size());
        assertEquals(500, deliveries.get(0).status());
        assertEquals(204, deliveries.get(1).status());
        Delivery d = deliveries.get(1);
        String id = d.headers().get("Webhook-id").get(0);
        assertEquals(id, deliveries.get(0).headers().get("Webhook-id").get(0), "a retry keeps its message id");
        String timestamp = d.headers().get("Webhook-timestamp").get(0);
        assertTrue(Math.abs(Long.parseLong(timestamp) - System.currentTimeMillis() / 1000) < 60);
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
        String expected = "v1,"
                + Base64.getEncoder()
                        .encodeToString(
                                mac.doFinal((id + "." + timestamp + "." + new String(d.body(), StandardCharsets.UTF_8))
                                        .getBytes(StandardCharsets.UTF_8)));
        assertEquals(expected, d.headers().get("Webhook-signature").get(0));
        JsonPath body = JsonPath.from(new String(d.body(), StandardCharsets.UTF_8));
        assertEquals("change-point.detected", body.getString("type"));
        assertEquals(-15.17, body.getDouble("data.effectPercent"), 0.05);
        assertTrue(body.getDouble("data.pValue") < 0.001);
    }

    @Test
    void webhooksNeedTheAdminTokenAndAnHttpUrl() {
        given().contentType("application/json")
                .body(Map.of("url", "http://127.0.0.1:1/x"))
                .post("/api/webhooks")
                .then()
                .statusCode(401);
        Api.admin()
                .contentType("application/json")
                .body(Map.of("url", "ftp://example.org/x"))
                .post("/api/webhooks")
                .then()
                .spec(Api.problem(400, "url"));
        Api.admin().get("/api/webhooks").then().statusCode(200).body("size()", equalTo(0));
        given().get("/api/changes?limit=5000").then().spec(Api.problem(400, "limit"));
        given().get("/api/changes?colour=red").then().spec(Api.problem(400, "colour"));
    }

    /** A Jetty run of day `day` at `level` req/s, errorShare of its requests answered with an error status. */
    static byte[] jettyRun(int day, double level, double errorShare) {
        String id = String.format("00000000-0000-4000-8000-0000000002%02d", day);
        double[] rps = SignedRuns.around(level);
        return SignedRuns.run(id, String.format("2026-11-%02dT09:00:00Z", day))
                .cell("Jetty", "12.1.5", "blocking", "plaintext", 256, 2, false, 2, errorShare, rps)
                .envelope();
    }

    @Test
    void noChangeIsClaimedOnAFlaggedRunAndItDoesNotMoveTheSegments() throws Exception {
        for (int day = 1; day <= 9; day++) {
            Api.store(jettyRun(day, 70_000 * (1 + 0.002 * (day % 3)), 0));
        }
        // 15% down, but 2% of its answers were errors: high-error-rate, a figure that is not the target's
        Api.store(jettyRun(10, 59_500, 0.02));
        Api.ok("/api/runs/00000000-0000-4000-8000-000000000210/cells")
                .body("items[0].stats.overErrorLimit", equalTo(true));
        Thread.sleep(1500); // the recompute runs in the background: give it the time that found the Netty change
        Api.ok("/api/changes?framework=Jetty").body("size()", equalTo(0));

        // the same drop without errors is a change, found against the nine clean runs (the flagged one is no point)
        Api.store(jettyRun(11, 59_500, 0));
        JsonPath changes = null;
        long t0 = System.nanoTime();
        while (System.nanoTime() - t0 < 10_000_000_000L) {
            changes = Api.json("/api/changes?framework=Jetty");
            if (changes.getList("$").size() > 0) {
                break;
            }
            Thread.sleep(100);
        }
        assertEquals(1, changes.getList("$").size(), changes.prettify());
        assertEquals("00000000-0000-4000-8000-000000000211", changes.getString("[0].runAfter"));
        assertEquals("00000000-0000-4000-8000-000000000209", changes.getString("[0].runBefore"));
        assertEquals(9, changes.getInt("[0].runsBefore"));
        assertEquals(1, changes.getInt("[0].runsAfter"));
    }
}
