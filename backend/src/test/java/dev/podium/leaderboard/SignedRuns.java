package dev.podium.leaderboard;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.testing.Api;
import dev.podium.testing.TestVectors;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.NamedParameterSpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds run payloads for the read tests and signs them as DSSE envelopes with the test-agent key. */
public final class SignedRuns {

    static final String PAYLOAD_TYPE = "application/vnd.podium.run.v1+json";
    static final String CPU = "Test CPU @ 3.00GHz";
    /** The host class the service derives from CPU, 4 vCPUs and 16 GiB. */
    public static final String HOST_CLASS = CPU + " · 4 vCPU · 16 GiB";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Map<String, Object> run = new LinkedHashMap<>();
    private final List<Map<String, Object>> results = new ArrayList<>();

    private SignedRuns(String runId, String startedAt) {
        run.put("schemaVersion", 1);
        run.put("runId", runId);
        run.put("startedAt", startedAt);
        run.put("finishedAt", startedAt.replace("T08:", "T09:"));
        run.put("agent", Map.of("version", "0.1.0"));
        run.put("suite", Map.of("name", "podium-standard", "version", "1.0.0", "commit", "0123456789abcdef"));
        run.put("loadGenerator", Map.of("tool", "wrk", "version", "4.2.0"));
        run.put(
                "host",
                Map.of(
                        "hostname",
                        "bench-test",
                        "cpuModel",
                        CPU,
                        "vcpus",
                        4,
                        "memoryBytes",
                        17179869184L,
                        "os",
                        "Ubuntu 24.04",
                        "kernel",
                        "6.8.0",
                        "arch",
                        "amd64",
                        "virtualization",
                        "none"));
        run.put(
                "jvm",
                Map.of(
                        "vendor",
                        "Eclipse Adoptium",
                        "version",
                        "21.0.5+11-LTS",
                        "vmName",
                        "OpenJDK 64-Bit Server VM",
                        "gc",
                        "G1",
                        "flags",
                        List.of("-Xmx1g")));
        run.put("results", results);
    }

    /** startedAt as RFC 3339 at 08:00 UTC, e.g. "2026-11-01T08:00:00Z". */
    public static SignedRuns run(String runId, String startedAt) {
        return new SignedRuns(runId, startedAt);
    }

    /**
     * A run of one day of November 2026 (runId {@code ...000<series><day>}, two digits of day) whose Netty cell at 256
     * connections repeats within 1% of level: one point of the series the change-detection tests build, a series per
     * test class.
     */
    public static byte[] nettyDay(int series, int day, double level) {
        return nettyDay(series, day, level, 0);
    }

    /** The same with errorShare of each repeat's requests failed. */
    public static byte[] nettyDay(int series, int day, double level, double errorShare) {
        String id = String.format("00000000-0000-4000-8000-000000000%d%02d", series, day);
        return run(id, String.format("2026-11-%02dT08:00:00Z", day))
                .cell("Netty", "4.2.7.Final", "non-blocking", "plaintext", 256, 2, false, 2, errorShare, around(level))
                .envelope();
    }

    /** Five repeats' requests/s within 1% of level (trimmed mean: level). */
    public static double[] around(double level) {
        return new double[] {level, level * 1.01, level * 0.99, level * 1.005, level * 0.995};
    }

    /** Netty 4.2.7.Final in plaintext, non-blocking on 2 vCPUs, p90 2 ms and no errors: the read tests' usual cell. */
    public SignedRuns netty(int connections, double... rps) {
        return cell("Netty", "4.2.7.Final", "non-blocking", "plaintext", connections, 2, false, 2, 0, rps);
    }

    /** The nginx 1.26.3 baseline in plaintext on 2 vCPUs, p90 1 ms. */
    public SignedRuns nginx(int connections, double... rps) {
        return cell("nginx", "1.26.3", "non-blocking", "plaintext", connections, 2, true, 1, 0, rps);
    }

    /** Spring MVC 7.0.1 in plaintext, blocking on 2 vCPUs, no errors. */
    public SignedRuns springMvc(int connections, double p90Ms, double... rps) {
        return cell("Spring MVC", "7.0.1", "blocking", "plaintext", connections, 2, false, p90Ms, 0, rps);
    }

    /** Jetty 12.1.3 in plaintext on virtual threads, 64 connections on 2 vCPUs, p90 10 ms, no errors. */
    public SignedRuns jetty(double... rps) {
        return cell("Jetty", "12.1.3", "virtual-threads", "plaintext", 64, 2, false, 10, 0, rps);
    }

    /** A closed-loop cell; each repeat has the given requests/s, p90 = p90Ms, and errorShare of its attempts failed. */
    public SignedRuns cell(
            String framework,
            String version,
            String ioModel,
            String scenario,
            int connections,
            int vcpus,
            boolean baseline,
            double p90Ms,
            double errorShare,
            double... rps) {
        List<Map<String, Object>> repeats = new ArrayList<>();
        for (double r : rps) {
            long requests = Math.round(r * 15);
            long errors = Math.round(requests * errorShare); // status errors are answered requests (schema/README.md)
            repeats.add(Map.of(
                    "requests",
                    requests,
                    "requestsPerSecond",
                    r,
                    "latencyMs",
                    Map.of(
                            "p50",
                            p90Ms / 2,
                            "p75",
                            p90Ms * 0.8,
                            "p90",
                            p90Ms,
                            "p99",
                            p90Ms * 2,
                            "p999",
                            p90Ms * 3,
                            "max",
                            p90Ms * 5,
                            "mean",
                            p90Ms / 2),
                    "errors",
                    Map.of("connect", 0, "read", 0, "write", 0, "timeout", 0, "status", errors)));
        }
        Map<String, Object> cell = new LinkedHashMap<>();
        cell.put("framework", framework);
        cell.put("frameworkVersion", version);
        cell.put("ioModel", ioModel);
        cell.put("scenario", scenario);
        cell.put("loadModel", "closed");
        cell.put("connections", connections);
        cell.put("vcpus", vcpus);
        cell.put("durationSeconds", 15);
        if (scenario.equals("delay")) {
            cell.put("delayMs", 100);
        }
        if (baseline) {
            cell.put("baseline", true);
        }
        cell.put("repeats", repeats);
        results.add(cell);
        return this;
    }

    /** The same run on a host with another CPU model (another host class: "{cpuModel} · 4 vCPU · 16 GiB"). */
    @SuppressWarnings("unchecked")
    public SignedRuns cpu(String cpuModel) {
        Map<String, Object> host = new LinkedHashMap<>((Map<String, Object>) run.get("host"));
        host.put("cpuModel", cpuModel);
        run.put("host", host);
        return this;
    }

    /** Submits the envelope to POST /api/runs and asserts it is accepted (201). */
    public void store() {
        Api.store(envelope());
    }

    /** The DSSE envelope: PAE("DSSEv1", type, payload) signed with the test-agent seed. */
    public byte[] envelope() {
        try {
            byte[] payload = JSON.writeValueAsBytes(run);
            TestVectors.Key key = TestVectors.key("test-agent");
            byte[] seed = Base64.getDecoder().decode(key.seed());
            PrivateKey privateKey = KeyFactory.getInstance("Ed25519")
                    .generatePrivate(new EdECPrivateKeySpec(NamedParameterSpec.ED25519, seed));
            byte[] header = ("DSSEv1 " + PAYLOAD_TYPE.length() + " " + PAYLOAD_TYPE + " " + payload.length + " ")
                    .getBytes(StandardCharsets.UTF_8);
            byte[] pae = new byte[header.length + payload.length];
            System.arraycopy(header, 0, pae, 0, header.length);
            System.arraycopy(payload, 0, pae, header.length, payload.length);
            Signature signer = Signature.getInstance("Ed25519");
            signer.initSign(privateKey);
            signer.update(pae);
            return JSON.writeValueAsBytes(Map.of(
                    "payloadType",
                    PAYLOAD_TYPE,
                    "payload",
                    Base64.getEncoder().encodeToString(payload),
                    "signatures",
                    List.of(Map.of(
                            "keyid", key.keyid(), "sig", Base64.getEncoder().encodeToString(signer.sign())))));
        } catch (Exception e) {
            throw new IllegalStateException("sign a test run", e);
        }
    }
}
