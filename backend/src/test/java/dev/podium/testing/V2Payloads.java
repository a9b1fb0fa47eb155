package dev.podium.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.figure.Figure;
import io.restassured.response.ValidatableResponse;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Payload v2 runs for the tests, built from the v1 vector payloads/valid/full.json (4 cells on 2 of 4 vCPUs, 15 s
 * repeats): every repeat gets usage of 90% of its CPUs for its 15 s (27 s CPU: 24 user + 3 system), 400 MB mean and
 * 450 MB peak resident memory and 10 s of load-generator CPU; cells get startup and cpus, the host its settings.
 */
public final class V2Payloads {

    private static final ObjectMapper JSON = new ObjectMapper();

    private V2Payloads() {}

    /** The full payload as v2, under another runId. */
    public static ObjectNode full(String runId) {
        try {
            ObjectNode run = (ObjectNode) JSON.readTree(TestVectors.bytes("payloads/valid/full.json"));
            run.put("schemaVersion", 2);
            run.put("runId", runId);
            ObjectNode settings = ((ObjectNode) run.get("host")).putObject("settings");
            settings.put("governor", "performance");
            settings.put("turbo", "off");
            settings.put("smt", "on");
            settings.put("transparentHugePages", "madvise");
            settings.put("somaxconn", 4096);
            settings.put("localPortRange", "32768 60999");
            for (JsonNode cell : run.get("results")) {
                ((ObjectNode) cell).put("cpus", "0-1");
                ObjectNode startup = ((ObjectNode) cell).putObject("startup");
                startup.put("firstResponseMs", 850.5);
                startup.put("idleRssBytes", 120_000_000L);
                for (JsonNode repeat : cell.get("repeats")) {
                    ObjectNode usage = ((ObjectNode) repeat).putObject("usage");
                    usage.put("wallSeconds", 15.0);
                    usage.put("targetCpuUserSeconds", 24.0);
                    usage.put("targetCpuSystemSeconds", 3.0);
                    usage.put("targetRssMeanBytes", 400_000_000L);
                    usage.put("targetRssPeakBytes", 450_000_000L);
                    usage.put("generatorCpuSeconds", 10.0);
                    usage.put("samples", 30);
                }
            }
            return run;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The run with allocation and GC on every repeat of its JVM cells (nginx records none, as the agent sends them):
     * repeat i allocates {@code allocated[i]} bytes per request; 12 pauses of 60 ms in all, the longest 6.5 ms, and the
     * GC threads take {@code gcCpuShare} of the target's CPU.
     */
    public static ObjectNode withGc(ObjectNode run, double gcCpuShare, double... allocated) {
        for (JsonNode cell : run.get("results")) {
            if ("nginx".equals(cell.get("framework").asText())) {
                continue;
            }
            int i = 0;
            for (JsonNode repeat : cell.get("repeats")) {
                ObjectNode usage = (ObjectNode) repeat.get("usage");
                usage.put("allocatedBytesPerRequest", allocated[i++ % allocated.length]);
                usage.put("gcCount", 12);
                usage.put("gcSeconds", 0.06);
                usage.put("gcCpuShare", gcCpuShare);
                usage.put("gcPauseMaxMs", 6.5);
            }
        }
        return run;
    }

    /**
     * A value the run schema accepts for a declared figure (figure.Figure) on repeat i of a cell, different per figure
     * and repeat: 1 or 2 for a whole number, else a few thousandths (shares under 5%: no steal retry).
     */
    public static double figureValue(Figure f, int repeat) {
        return f.whole() ? 1 + repeat % 2 : 0.001 * (f.ordinal() + 1) * (repeat + 1);
    }

    /** The run with every declared figure on every repeat of the given cells (every cell when none is given). */
    public static ObjectNode withEveryFigure(ObjectNode run, int... cells) {
        JsonNode results = run.get("results");
        int[] chosen = cells.length > 0
                ? cells
                : java.util.stream.IntStream.range(0, results.size()).toArray();
        for (int c : chosen) {
            JsonNode repeats = results.get(c).get("repeats");
            for (int i = 0; i < repeats.size(); i++) {
                ObjectNode repeat = (ObjectNode) repeats.get(i);
                for (Figure f : Figure.ALL) {
                    ObjectNode at = f.in() == Figure.In.USAGE ? (ObjectNode) repeat.get("usage") : repeat;
                    if (f.whole()) {
                        at.put(f.apiName(), (long) figureValue(f, i));
                    } else {
                        at.put(f.apiName(), figureValue(f, i));
                    }
                }
            }
        }
        return run;
    }

    /**
     * results[cell] as a db cell (client PostgreSQL JDBC + HikariCP, a pool of 16) whose database used userSeconds +
     * systemSeconds of CPU on each of its repeats: the run.
     */
    public static ObjectNode dbCell(ObjectNode run, int cell, double userSeconds, double systemSeconds) {
        ObjectNode db = (ObjectNode) run.get("results").get(cell);
        db.put("scenario", "db");
        db.putObject("database").put("client", "PostgreSQL JDBC + HikariCP").put("pool", 16);
        for (JsonNode repeat : db.get("repeats")) {
            ((ObjectNode) repeat.get("usage"))
                    .put("databaseCpuUserSeconds", userSeconds)
                    .put("databaseCpuSystemSeconds", systemSeconds);
        }
        return run;
    }

    /**
     * results[cell] measured in this topology (e.g. nginx-2) behind a balancer that used userSeconds + systemSeconds of
     * CPU on each of its repeats: the run.
     */
    public static ObjectNode balancedCell(
            ObjectNode run, int cell, String topology, double userSeconds, double systemSeconds) {
        ObjectNode balanced = (ObjectNode) run.get("results").get(cell);
        balanced.put("topology", topology);
        for (JsonNode repeat : balanced.get("repeats")) {
            ((ObjectNode) repeat.get("usage"))
                    .put("balancerCpuUserSeconds", userSeconds)
                    .put("balancerCpuSystemSeconds", systemSeconds);
        }
        return run;
    }

    /**
     * The run's database or balancer (companion: "database" or "balancer") on this server, version and cpus: its
     * settings, for the caller to fill.
     */
    public static ObjectNode companion(ObjectNode run, String companion, String server, String version, String cpus) {
        ObjectNode node = run.putObject(companion);
        node.put("server", server).put("version", version).put("cpus", cpus);
        return node.putObject("settings");
    }

    /** The usage object of results[cell].repeats[repeat]. */
    public static ObjectNode usage(ObjectNode run, int cell, int repeat) {
        return (ObjectNode)
                run.get("results").get(cell).get("repeats").get(repeat).get("usage");
    }

    public static byte[] bytes(JsonNode run) {
        try {
            return JSON.writeValueAsBytes(run);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Submits the run signed and asserts it is refused with 422 naming field: the answer, for the checks of its detail. */
    public static ValidatableResponse refusal(JsonNode run, String field) {
        return Api.submit(envelope(run)).then().spec(Api.problem(422, field));
    }

    /** Signed with the test-agent key as application/vnd.podium.run.v2+json. */
    public static byte[] envelope(JsonNode run) {
        return TestSigner.envelope("test-agent", TestSigner.V2_PAYLOAD_TYPE, bytes(run));
    }
}
