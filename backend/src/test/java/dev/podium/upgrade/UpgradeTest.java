package dev.podium.upgrade;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.agent.Ed25519Keys;
import dev.podium.common.EmbeddedDatabase;
import dev.podium.testing.TestVectors;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationState;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A database written by the V1 service (the signed v1 vectors stored with V1's columns) migrated by Flyway to the
 * latest schema, whatever it is: every migration applies, and every stored run still reads and verifies.
 */
class UpgradeTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> SEEDED = List.of("minimal", "full");
    private static final List<String> TABLES = List.of("agents", "runs", "cells", "repeats");

    private static EmbeddedDatabase database;
    private static Connection db;
    /** The columns each table had at V1: anything else was added by a later migration. */
    private static final Map<String, Set<String>> V1_COLUMNS = new HashMap<>();
    /** What was seeded: each run id's results[], its cells and their repeats. */
    private static final Map<UUID, List<JsonNode>> SEEDED_RESULTS = new HashMap<>();

    @BeforeAll
    static void seedAtV1ThenMigrate() throws Exception {
        database = EmbeddedDatabase.start(Files.createTempDirectory("podium-upgrade-pg-"), 0, true);
        db = DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password());
        Flyway v1 = flyway().target("1").load();
        assertEquals(1, v1.migrate().migrationsExecuted);
        for (String table : TABLES) {
            V1_COLUMNS.put(table, columns(table));
        }
        long agent = insertAgent();
        for (String name : SEEDED) {
            insertRunAsV1(agent, TestVectors.envelope(name));
        }
        flyway().load().migrate();
    }

    @AfterAll
    static void stop() throws Exception {
        if (db != null) {
            db.close();
        }
        if (database != null) {
            database.close();
        }
    }

    @Test
    void everyMigrationInSchemaMigrationsIsApplied() throws IOException {
        Set<String> files = new HashSet<>();
        try (Stream<Path> migrations = Files.list(Path.of("..", "schema", "migrations"))) {
            migrations.map(p -> p.getFileName().toString()).filter(f -> f.matches("V\\d+__.*\\.sql"))
                    .forEach(f -> files.add(f.substring(1, f.indexOf("__"))));
        }
        Set<String> applied = new HashSet<>();
        for (MigrationInfo info : flyway().load().info().all()) {
            assertEquals(MigrationState.SUCCESS, info.getState(), () -> "migration " + info.getVersion());
            applied.add(info.getVersion().getVersion());
        }
        assertTrue(files.size() > 1, "the upgrade is tested over more than V1: " + files);
        assertEquals(files, applied);
    }

    @Test
    void everyStoredEnvelopeIsByteIdenticalAndItsSignatureVerifies() throws Exception {
        JsonNode key = JSON.readTree(TestVectors.bytes("keys/test-agent.json"));
        byte[] publicKey = Base64.getDecoder().decode(key.get("publicKey").asText());
        for (String name : SEEDED) {
            byte[] vector = TestVectors.envelope(name);
            UUID id = runId(vector);
            try (PreparedStatement q = db.prepareStatement(
                    "select r.envelope, r.payload_sha256, r.keyid, a.public_key from runs r "
                            + "join agents a on a.id = r.agent_id where r.id = ?")) {
                q.setObject(1, id);
                try (ResultSet rs = q.executeQuery()) {
                    assertTrue(rs.next(), name + " is still stored");
                    byte[] stored = rs.getBytes("envelope");
                    assertArrayEquals(vector, stored, name);
                    assertArrayEquals(publicKey, rs.getBytes("public_key"));
                    JsonNode envelope = JSON.readTree(stored);
                    byte[] payload = Base64.getDecoder().decode(envelope.get("payload").asText());
                    assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(payload), rs.getBytes(2));
                    JsonNode signature = envelope.get("signatures").get(0);
                    assertEquals(key.get("keyid").asText(), signature.get("keyid").asText());
                    assertEquals(rs.getString("keyid"), signature.get("keyid").asText());
                    byte[] pae = pae(envelope.get("payloadType").asText(), payload);
                    byte[] sig = Base64.getDecoder().decode(signature.get("sig").asText());
                    assertTrue(Ed25519Keys.verifies(publicKey, pae, sig), name + " still verifies");
                    pae[pae.length - 2] ^= 1;
                    assertFalse(Ed25519Keys.verifies(publicKey, pae, sig), "the check can fail");
                }
            }
        }
    }

    @Test
    void cellsAndRepeatsKeepTheirValues() throws Exception {
        for (var run : SEEDED_RESULTS.entrySet()) {
            List<JsonNode> results = run.getValue();
            try (PreparedStatement q = db.prepareStatement(
                    "select c.ordinal, c.framework, c.connections, c.repeat_count, c.rps_median, r.ordinal, "
                            + "r.requests, r.requests_per_second, r.p99_ms, r.errors_status from cells c "
                            + "join repeats r on r.cell_id = c.id where c.run_id = ? order by c.ordinal, r.ordinal")) {
                q.setObject(1, run.getKey());
                int rows = 0;
                try (ResultSet rs = q.executeQuery()) {
                    while (rs.next()) {
                        JsonNode cell = results.get(rs.getInt(1));
                        JsonNode repeat = cell.get("repeats").get(rs.getInt(6));
                        assertEquals(cell.get("framework").asText(), rs.getString(2));
                        assertEquals(cell.get("connections").asInt(), rs.getInt(3));
                        assertEquals(cell.get("repeats").size(), rs.getInt(4));
                        assertEquals(median(cell.get("repeats")), rs.getDouble(5));
                        assertEquals(repeat.get("requests").asLong(), rs.getLong(7));
                        assertEquals(repeat.get("requestsPerSecond").asDouble(), rs.getDouble(8));
                        assertEquals(repeat.get("latencyMs").get("p99").asDouble(), rs.getDouble(9));
                        assertEquals(repeat.get("errors").get("status").asLong(), rs.getLong(10));
                        rows++;
                    }
                }
                assertEquals(results.stream().mapToInt(c -> c.get("repeats").size()).sum(), rows, "repeats kept");
            }
        }
    }

    @Test
    void columnsAddedAfterV1AreNullOrTheirDefaultForV1Rows() throws Exception {
        int added = 0;
        for (String table : TABLES) {
            Map<String, String> defaults = new HashMap<>();
            try (PreparedStatement q = db.prepareStatement("select column_name, column_default from "
                    + "information_schema.columns where table_schema = 'public' and table_name = ?")) {
                q.setString(1, table);
                try (ResultSet rs = q.executeQuery()) {
                    while (rs.next()) {
                        if (!V1_COLUMNS.get(table).contains(rs.getString(1))) {
                            defaults.put(rs.getString(1), rs.getString(2));
                        }
                    }
                }
            }
            for (var column : defaults.entrySet()) {
                added++;
                String where = column.getValue() == null ? " is not null" : " is null";
                try (Statement s = db.createStatement();
                        ResultSet rs = s.executeQuery("select count(*) from " + table + " where "
                                + column.getKey() + where)) {
                    rs.next();
                    assertEquals(0, rs.getInt(1), table + "." + column.getKey() + where + " for a V1 row");
                }
            }
        }
        assertTrue(added > 0, "later migrations added columns to the V1 tables");
    }

    private static org.flywaydb.core.api.configuration.FluentConfiguration flyway() {
        // the same migrations the service runs: the build copies schema/migrations to db/migration
        return Flyway.configure().dataSource(database.jdbcUrl(), database.user(), database.password())
                .locations("classpath:db/migration");
    }

    private static Set<String> columns(String table) throws SQLException {
        Set<String> out = new HashSet<>();
        try (PreparedStatement q = db.prepareStatement("select column_name from information_schema.columns "
                + "where table_schema = 'public' and table_name = ?")) {
            q.setString(1, table);
            try (ResultSet rs = q.executeQuery()) {
                while (rs.next()) {
                    out.add(rs.getString(1));
                }
            }
        }
        return out;
    }

    private static long insertAgent() throws Exception {
        JsonNode key = JSON.readTree(TestVectors.bytes("keys/test-agent.json"));
        try (PreparedStatement q = db.prepareStatement(
                "insert into agents (name, public_key, keyid) values (?, ?, ?) returning id")) {
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
    private static void insertRunAsV1(long agent, byte[] envelopeBytes) throws Exception {
        JsonNode envelope = JSON.readTree(envelopeBytes);
        byte[] payload = Base64.getDecoder().decode(envelope.get("payload").asText());
        JsonNode p = JSON.readTree(payload);
        JsonNode host = p.get("host");
        JsonNode jvm = p.get("jvm");
        UUID id = UUID.fromString(p.get("runId").asText());
        List<String> flags = new ArrayList<>();
        jvm.get("flags").forEach(f -> flags.add(f.asText()));
        try (PreparedStatement q = db.prepareStatement("insert into runs (id, agent_id, keyid, payload_sha256, "
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
            q.setString(++i, host.get("cpuModel").asText() + " · " + host.get("vcpus").asInt() + " vCPU · "
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
            insertCell(id, ordinal, results.get(ordinal));
        }
        SEEDED_RESULTS.put(id, results);
    }

    private static void insertCell(UUID run, int ordinal, JsonNode c) throws SQLException {
        long cellId;
        try (PreparedStatement q = db.prepareStatement("insert into cells (run_id, ordinal, framework, "
                + "framework_version, io_model, scenario, load_model, connections, target_rate, delay_ms, vcpus, "
                + "duration_seconds, warmup_seconds, baseline, repeat_count, rps_median) "
                + "values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id")) {
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
            q.setObject(++i, c.hasNonNull("warmupSeconds") ? c.get("warmupSeconds").asDouble() : null);
            q.setBoolean(++i, c.path("baseline").asBoolean(false));
            q.setInt(++i, c.get("repeats").size());
            q.setDouble(++i, median(c.get("repeats")));
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

    private static double median(JsonNode repeats) {
        double[] rps = new double[repeats.size()];
        for (int i = 0; i < rps.length; i++) {
            rps[i] = repeats.get(i).get("requestsPerSecond").asDouble();
        }
        java.util.Arrays.sort(rps);
        return rps.length % 2 == 1 ? rps[rps.length / 2] : (rps[rps.length / 2 - 1] + rps[rps.length / 2]) / 2;
    }

    private static UUID runId(byte[] envelope) throws IOException {
        byte[] payload = Base64.getDecoder().decode(JSON.readTree(envelope).get("payload").asText());
        return UUID.fromString(JSON.readTree(payload).get("runId").asText());
    }

    /** DSSE v1 PAE, written out here so the test does not lean on the service's own encoder. */
    private static byte[] pae(String type, byte[] payload) {
        byte[] header = ("DSSEv1 " + type.getBytes(StandardCharsets.UTF_8).length + " " + type + " "
                + payload.length + " ").getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[header.length + payload.length];
        System.arraycopy(header, 0, out, 0, header.length);
        System.arraycopy(payload, 0, out, header.length, payload.length);
        return out;
    }
}
