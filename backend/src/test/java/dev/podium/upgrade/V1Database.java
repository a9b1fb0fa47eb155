package dev.podium.upgrade;

import dev.podium.common.EmbeddedDatabase;
import dev.podium.testing.EmbeddedPostgresResource;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.Map;

/** A database the V1 service left behind: migrated to V1 only and seeded, before the service starts on it. */
public class V1Database implements QuarkusTestResourceLifecycleManager {

    private EmbeddedDatabase database;

    @Override
    public Map<String, String> start() {
        try {
            database = EmbeddedDatabase.start(Files.createTempDirectory("podium-upgrade-svc-pg-"), 0, true);
            Migrations.on(database).target("1").load().migrate();
            try (Connection db =
                    DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password())) {
                V1Seed.seed(db);
            }
        } catch (Exception e) {
            throw new IllegalStateException("could not prepare the V1 database", e);
        }
        return EmbeddedPostgresResource.datasource(database);
    }

    @Override
    public void stop() {
        try {
            if (database != null) {
                database.close();
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
