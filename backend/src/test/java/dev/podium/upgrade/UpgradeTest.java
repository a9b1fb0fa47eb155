package dev.podium.upgrade;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.agent.Ed25519Keys;
import dev.podium.common.EmbeddedDatabase;
import dev.podium.testing.SeriesTables;
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
    private static final List<String> SEEDED = V1Seed.VECTORS;
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
        SEEDED_RESULTS.putAll(V1Seed.seed(db));
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
            migrations
                    .map(p -> p.getFileName().toString())
                    .filter(f -> f.matches("V\\d+__.*\\.sql"))
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
            try (PreparedStatement q =
                    db.prepareStatement("select r.envelope, r.payload_sha256, r.keyid, a.public_key from runs r "
                            + "join agents a on a.id = r.agent_id where r.id = ?")) {
                q.setObject(1, id);
                try (ResultSet rs = q.executeQuery()) {
                    assertTrue(rs.next(), name + " is still stored");
                    byte[] stored = rs.getBytes("envelope");
                    assertArrayEquals(vector, stored, name);
                    assertArrayEquals(publicKey, rs.getBytes("public_key"));
                    JsonNode envelope = JSON.readTree(stored);
                    byte[] payload =
                            Base64.getDecoder().decode(envelope.get("payload").asText());
                    assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(payload), rs.getBytes(2));
                    JsonNode signature = envelope.get("signatures").get(0);
                    assertEquals(
                            key.get("keyid").asText(), signature.get("keyid").asText());
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
                        assertEquals(V1Seed.median(cell.get("repeats")), rs.getDouble(5));
                        assertEquals(repeat.get("requests").asLong(), rs.getLong(7));
                        assertEquals(repeat.get("requestsPerSecond").asDouble(), rs.getDouble(8));
                        assertEquals(repeat.get("latencyMs").get("p99").asDouble(), rs.getDouble(9));
                        assertEquals(repeat.get("errors").get("status").asLong(), rs.getLong(10));
                        rows++;
                    }
                }
                assertEquals(
                        results.stream().mapToInt(c -> c.get("repeats").size()).sum(), rows, "repeats kept");
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
                        ResultSet rs =
                                s.executeQuery("select count(*) from " + table + " where " + column.getKey() + where)) {
                    rs.next();
                    assertEquals(0, rs.getInt(1), table + "." + column.getKey() + where + " for a V1 row");
                }
            }
        }
        assertTrue(added > 0, "later migrations added columns to the V1 tables");
    }

    @Test
    void theSeriesSummariesHoldEveryCellStoredBeforeThem() {
        // V30 fills them from the cells already stored (the later ones its trigger adds: read.NewestRunsTest)
        assertTrue(scalar("select count(*) from newest_runs") > 0, "the seeded cells' newest runs are there");
        assertTrue(scalar("select count(*) from series_points") > 0, "the seeded cells are points of their series");
        assertEquals(List.of(), SeriesTables.violations(UpgradeTest::scalar));
    }

    private static long scalar(String sql) {
        return Migrations.scalar(db, sql);
    }

    private static org.flywaydb.core.api.configuration.FluentConfiguration flyway() {
        return Migrations.on(database);
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

    private static UUID runId(byte[] envelope) throws IOException {
        byte[] payload = Base64.getDecoder()
                .decode(JSON.readTree(envelope).get("payload").asText());
        return UUID.fromString(JSON.readTree(payload).get("runId").asText());
    }

    /** DSSE v1 PAE, written out here so the test does not lean on the service's own encoder. */
    private static byte[] pae(String type, byte[] payload) {
        byte[] header = ("DSSEv1 " + type.getBytes(StandardCharsets.UTF_8).length + " " + type + " " + payload.length
                        + " ")
                .getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[header.length + payload.length];
        System.arraycopy(header, 0, out, 0, header.length);
        System.arraycopy(payload, 0, out, header.length, payload.length);
        return out;
    }
}
