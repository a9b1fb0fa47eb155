package dev.podium.upgrade;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.stats.CellStatistics;
import dev.podium.stats.CellStats;
import dev.podium.testing.TestVectors;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.commons.math3.stat.descriptive.moment.Mean;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;

/** Runs stored as the V1 service stored them: the signed v1 vectors, the payload's fields in V1's columns. */
final class V1Seed {

    static final List<String> VECTORS = List.of("minimal", "full");
    private static final ObjectMapper JSON = new ObjectMapper();

    private V1Seed() {}

    /** Enrols test-agent and stores every vector on a database at V1; returns each run id's results[]. */
    static Map<UUID, List<JsonNode>> seed(Connection db) throws Exception {
        Map<UUID, List<JsonNode>> seeded = new LinkedHashMap<>();
        long agent = insertAgent(db);
        for (String name : VECTORS) {
            insertRunAsV1(db, seeded, agent, TestVectors.envelope(name));
        }
        return seeded;
    }

    private static long insertAgent(Connection db) throws Exception {
        JsonNode key = JSON.readTree(TestVectors.bytes("keys/test-agent.json"));
        try (PreparedStatement q =
                db.prepareStatement("insert into agents (name, public_key, keyid) values (?, ?, ?) returning id")) {
            q.setString(1, key.get("name").asText());
            q.setBytes(2, Base64.getDecoder().decode(key.get("publicKey").asText()));
            q.setString(3, key.get("keyid").asText());
            try (ResultSet rs = q.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** The run as the V1 service stored it: the envelope verbatim, the payload's fields as V1's columns. */
    private static void insertRunAsV1(Connection db, Map<UUID, List<JsonNode>> seeded, long agent, byte[] envelopeBytes)
            throws Exception {
        JsonNode envelope = JSON.readTree(envelopeBytes);
        byte[] payload = Base64.getDecoder().decode(envelope.get("payload").asText());
        JsonNode p = JSON.readTree(payload);
        JsonNode host = p.get("host");
        JsonNode jvm = p.get("jvm");
        UUID id = UUID.fromString(p.get("runId").asText());
        List<String> flags = new ArrayList<>();
        jvm.get("flags").forEach(f -> flags.add(f.asText()));
        try (PreparedStatement q = db.prepareStatement(
                "insert into runs (id, agent_id, keyid, payload_sha256, "
                        + "envelope, schema_version, started_at, finished_at, agent_version, suite_name, suite_version, "
                        + "suite_commit, suite_profile, load_generator_tool, load_generator_version, open_loop_tool, "
                        + "open_loop_version, host_hostname, host_cpu_model, host_vcpus, host_memory_bytes, host_os, "
                        + "host_kernel, host_arch, host_virtualization, host_server_cpus, host_load_generator_cpus, "
                        + "host_class, jvm_vendor, jvm_version, jvm_major, jvm_vm_name, jvm_gc, jvm_flags) values "
                        + "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            int i = 0;
            q.setObject(++i, id);
            q.setLong(++i, agent);
            q.setString(++i, envelope.get("signatures").get(0).get("keyid").asText());
            q.setBytes(++i, MessageDigest.getInstance("SHA-256").digest(payload));
            q.setBytes(++i, envelopeBytes);
            q.setInt(++i, p.get("schemaVersion").asInt());
            q.setObject(++i, OffsetDateTime.parse(p.get("startedAt").asText()));
            q.setObject(++i, OffsetDateTime.parse(p.get("finishedAt").asText()));
            q.setString(++i, p.get("agent").get("version").asText());
            for (String f : List.of("name", "version", "commit", "profile")) {
                q.setString(++i, text(p.get("suite"), f));
            }
            for (String f : List.of("tool", "version", "openLoopTool", "openLoopVersion")) {
                q.setString(++i, text(p.get("loadGenerator"), f));
            }
            q.setString(++i, host.get("hostname").asText());
            q.setString(++i, host.get("cpuModel").asText());
            q.setInt(++i, host.get("vcpus").asInt());
            q.setLong(++i, host.get("memoryBytes").asLong());
            for (String f : List.of("os", "kernel", "arch", "virtualization", "serverCpus", "loadGeneratorCpus")) {
                q.setString(++i, text(host, f));
            }
            q.setString(
                    ++i,
                    host.get("cpuModel").asText() + " · " + host.get("vcpus").asInt() + " vCPU · "
                            + Math.round(host.get("memoryBytes").asLong() / (double) (1L << 30)) + " GiB");
            q.setString(++i, jvm.get("vendor").asText());
            q.setString(++i, jvm.get("version").asText());
            q.setInt(++i, Integer.parseInt(jvm.get("version").asText().split("\\D", 2)[0]));
            q.setString(++i, jvm.get("vmName").asText());
            q.setString(++i, jvm.get("gc").asText());
            q.setArray(++i, db.createArrayOf("text", flags.toArray()));
            q.executeUpdate();
        }
        List<JsonNode> results = new ArrayList<>();
        p.get("results").forEach(results::add);
        for (int ordinal = 0; ordinal < results.size(); ordinal++) {
            insertCell(db, id, ordinal, results.get(ordinal));
        }
        seeded.put(id, results);
    }

    private static void insertCell(Connection db, UUID run, int ordinal, JsonNode c) throws SQLException {
        long cellId;
        try (PreparedStatement q = db.prepareStatement(
                "insert into cells (run_id, ordinal, framework, "
                        + "framework_version, io_model, scenario, load_model, connections, target_rate, delay_ms, vcpus, "
                        + "duration_seconds, warmup_seconds, baseline, repeat_count, rps_median, rps_trimmed_mean, rps_mean, "
                        + "rps_stddev, rps_ci_low, rps_ci_high, error_rate, p50_median, p90_median, p99_median, over_error_limit) "
                        + "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id")) {
            int i = 0;
            q.setObject(++i, run);
            q.setInt(++i, ordinal);
            for (String f : List.of("framework", "frameworkVersion", "ioModel", "scenario", "loadModel")) {
                q.setString(++i, c.get(f).asText());
            }
            q.setInt(++i, c.get("connections").asInt());
            q.setObject(++i, c.hasNonNull("targetRate") ? c.get("targetRate").asDouble() : null);
            q.setObject(++i, c.hasNonNull("delayMs") ? c.get("delayMs").asInt() : null);
            q.setInt(++i, c.get("vcpus").asInt());
            q.setDouble(++i, c.get("durationSeconds").asDouble());
            q.setObject(
                    ++i, c.hasNonNull("warmupSeconds") ? c.get("warmupSeconds").asDouble() : null);
            q.setBoolean(++i, c.path("baseline").asBoolean(false));
            q.setInt(++i, c.get("repeats").size());
            q.setDouble(++i, median(c.get("repeats")));
            // every statistic the V1 service stored at ingest; its interval was a bootstrap, with 3 repeats min..max
            double[] rps = figures(c.get("repeats"), "requestsPerSecond");
            q.setDouble(++i, CellStatistics.trimmedMean(rps));
            q.setDouble(++i, new Mean().evaluate(rps));
            q.setObject(++i, rps.length < 2 ? null : new StandardDeviation(true).evaluate(rps));
            q.setObject(++i, rps.length < 2 ? null : Arrays.stream(rps).min().orElseThrow());
            q.setObject(++i, rps.length < 2 ? null : Arrays.stream(rps).max().orElseThrow());
            long requests = 0;
            long errors = 0;
            for (JsonNode repeat : c.get("repeats")) {
                requests += repeat.get("requests").asLong();
                for (JsonNode e : repeat.get("errors")) {
                    errors += e.asLong();
                }
            }
            double errorRate = requests + errors == 0 ? 0 : (double) errors / (requests + errors);
            q.setDouble(++i, errorRate);
            for (String f : List.of("p50", "p90", "p99")) {
                q.setDouble(++i, CellStatistics.median(latencies(c.get("repeats"), f)));
            }
            q.setBoolean(++i, errorRate > CellStats.ERROR_LIMIT);
            try (ResultSet rs = q.executeQuery()) {
                rs.next();
                cellId = rs.getLong(1);
            }
        }
        try (PreparedStatement q = db.prepareStatement("insert into repeats (cell_id, ordinal, requests, "
                + "requests_per_second, p50_ms, p75_ms, p90_ms, p99_ms, p999_ms, max_ms, mean_ms, errors_connect, "
                + "errors_read, errors_write, errors_timeout, errors_status) "
                + "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (int r = 0; r < c.get("repeats").size(); r++) {
                JsonNode repeat = c.get("repeats").get(r);
                int i = 0;
                q.setLong(++i, cellId);
                q.setInt(++i, r);
                q.setLong(++i, repeat.get("requests").asLong());
                q.setDouble(++i, repeat.get("requestsPerSecond").asDouble());
                for (String f : List.of("p50", "p75", "p90", "p99", "p999", "max", "mean")) {
                    q.setDouble(++i, repeat.get("latencyMs").get(f).asDouble());
                }
                for (String f : List.of("connect", "read", "write", "timeout", "status")) {
                    q.setLong(++i, repeat.get("errors").get(f).asLong());
                }
                q.addBatch();
            }
            q.executeBatch();
        }
    }

    private static String text(JsonNode node, String field) {
        return node.hasNonNull(field) ? node.get(field).asText() : null;
    }

    private static double[] figures(JsonNode repeats, String field) {
        double[] out = new double[repeats.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = repeats.get(i).get(field).asDouble();
        }
        return out;
    }

    private static double[] latencies(JsonNode repeats, String percentile) {
        double[] out = new double[repeats.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = repeats.get(i).get("latencyMs").get(percentile).asDouble();
        }
        return out;
    }

    static double median(JsonNode repeats) {
        double[] rps = new double[repeats.size()];
        for (int i = 0; i < rps.length; i++) {
            rps[i] = repeats.get(i).get("requestsPerSecond").asDouble();
        }
        java.util.Arrays.sort(rps);
        return rps.length % 2 == 1 ? rps[rps.length / 2] : (rps[rps.length / 2 - 1] + rps[rps.length / 2]) / 2;
    }
}
