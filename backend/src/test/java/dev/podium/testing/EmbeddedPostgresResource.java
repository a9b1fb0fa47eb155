package dev.podium.testing;

import dev.podium.common.EmbeddedDatabase;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** A real PostgreSQL for the tests: the zonky server on a free port, its data in a temporary folder. */
public class EmbeddedPostgresResource implements QuarkusTestResourceLifecycleManager {

    private EmbeddedDatabase database;

    @Override
    public Map<String, String> start() {
        try {
            Path data = Files.createTempDirectory("podium-test-pg-");
            database = EmbeddedDatabase.start(data, 0, true);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return datasource(database);
    }

    /** The service's datasource settings that point it at database. */
    public static Map<String, String> datasource(EmbeddedDatabase database) {
        return Map.of(
                "quarkus.datasource.jdbc.url", database.jdbcUrl(),
                "quarkus.datasource.username", database.user(),
                "quarkus.datasource.password", database.password());
    }

    @Override
    public void stop() {
        if (database != null) {
            try {
                database.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
