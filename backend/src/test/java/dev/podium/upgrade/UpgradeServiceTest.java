package dev.podium.upgrade;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.testing.TestVectors;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

/** The service started on a database the V1 service wrote: its own start migrates it and the read API answers. */
@QuarkusTest
@WithTestResource(V1Database.class)
class UpgradeServiceTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TestHTTPResource("/")
    URL base;

    @Test
    void theReadApiAnswersEveryV1RunWithItsEnvelopeAndARecomputedInterval() throws Exception {
        for (String name : V1Seed.VECTORS) {
            byte[] vector = TestVectors.envelope(name);
            JsonNode payload = JSON.readTree(Base64.getDecoder()
                    .decode(JSON.readTree(vector).get("payload").asText()));
            String id = payload.get("runId").asText();

            HttpResponse<byte[]> envelope = get("api/runs/" + id + "/envelope");
            assertEquals(200, envelope.statusCode(), name);
            assertArrayEquals(vector, envelope.body(), name + ": the envelope as stored by V1");

            HttpResponse<byte[]> detail = get("api/runs/" + id);
            assertEquals(200, detail.statusCode(), name);
            JsonNode run = JSON.readTree(detail.body());
            assertEquals(
                    new String(vector, StandardCharsets.UTF_8),
                    run.get("envelope").asText());
            JsonNode results = payload.get("results");
            assertEquals(results.size(), run.get("cells").size(), name + ": cells");
            for (JsonNode cell : run.get("cells")) {
                JsonNode seeded = results.get(cell.get("ordinal").asInt());
                assertEquals(
                        seeded.get("framework").asText(), cell.get("framework").asText());
                assertEquals(seeded.get("repeats").size(), cell.get("repeats").size(), name + ": repeats");
                JsonNode stats = cell.get("stats");
                if (seeded.get("repeats").size() > 1) {
                    // IntervalBackfill ran at start: the V1 row now holds the t interval, on the log scale
                    assertNotNull(stats.get("rpsCiLow").numberValue(), name + ": interval recomputed");
                    double mean = seeded.get("repeats").findValues("requestsPerSecond").stream()
                            .mapToDouble(JsonNode::asDouble)
                            .average()
                            .orElseThrow();
                    assertTrue(
                            stats.get("rpsCiLow").asDouble() <= mean
                                    && mean <= stats.get("rpsCiHigh").asDouble(),
                            name + ": " + stats);
                    // the seed stored V1's min..max "interval"; now it is the t interval of the same repeats
                    double[] rps = seeded.get("repeats").findValues("requestsPerSecond").stream()
                            .mapToDouble(JsonNode::asDouble)
                            .toArray();
                    double half = new org.apache.commons.math3.distribution.TDistribution(rps.length - 1)
                                    .inverseCumulativeProbability(0.975)
                            * new org.apache.commons.math3.stat.descriptive.moment.StandardDeviation(true).evaluate(rps)
                            / Math.sqrt(rps.length);
                    // on the log scale around the figure (the trimmed mean): figure x exp(-+ half / mean)
                    double figure = stats.get("rpsTrimmedMean").asDouble();
                    assertEquals(
                            figure * Math.exp(-half / mean),
                            stats.get("rpsCiLow").asDouble(),
                            1e-6 * figure,
                            name + ": t interval, " + stats);
                    assertEquals(
                            figure * Math.exp(half / mean),
                            stats.get("rpsCiHigh").asDouble(),
                            1e-6 * figure,
                            name + ": t interval, " + stats);
                }
                assertTrue(cell.get("repeats").get(0).get("usage").isNull(), "a v1 repeat has no usage");
            }
        }
    }

    private HttpResponse<byte[]> get(String path) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(URI.create(base + path)).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
    }
}
