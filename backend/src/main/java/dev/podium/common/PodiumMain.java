package dev.podium.common;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;
import java.nio.file.Path;

/** Entry point: uses PODIUM_DB_URL when given, else starts the embedded PostgreSQL under .podium/ first. */
@QuarkusMain
public class PodiumMain {

    public static void main(String... args) throws Exception {
        raiseHttpBodyCeiling();
        // Quarkus answers a URI java.net.URI refuses with a bare 400 before any route; InputRoutes answers problem+json
        System.setProperty("vertx.disableURIValidation", "true");
        String url = System.getenv("PODIUM_DB_URL");
        boolean configured =
                (url != null && !url.isBlank()) || System.getProperty("quarkus.datasource.jdbc.url") != null;
        if (configured) {
            Quarkus.run(args);
            return;
        }
        Path dataDirectory =
                Path.of(env("PODIUM_DATA_DIR", ".podium")).toAbsolutePath().resolve("postgres");
        System.out.println("podium: starting the embedded PostgreSQL with its data in " + dataDirectory);
        String address = "http://" + env("PODIUM_HOST", "127.0.0.1") + ":" + env("PODIUM_PORT", "8080");
        EmbeddedDatabase database;
        try {
            database = EmbeddedDatabase.startForService(dataDirectory, address);
        } catch (DataDirectoryOwner.DataDirectoryInUseException e) {
            System.err.println("podium: not starting: " + e.getMessage());
            System.exit(1);
            return;
        }
        // stopped after the application, not beside it (SIGTERM runs every JVM shutdown hook at once)
        ServiceDatabase.adopt(database);
        try {
            System.setProperty("quarkus.datasource.jdbc.url", database.jdbcUrl());
            System.setProperty("quarkus.datasource.username", database.user());
            System.setProperty("quarkus.datasource.password", database.password());
            Quarkus.run(args);
        } finally {
            ServiceDatabase.close();
        }
    }

    /** Vert.x answers a bare 413 above its own limit, so keep it above PODIUM_MAX_RUN_BYTES, which answers problem+json. */
    private static void raiseHttpBodyCeiling() {
        String max = System.getenv("PODIUM_MAX_RUN_BYTES");
        if (max != null
                && System.getenv("PODIUM_MAX_BODY_BYTES") == null
                && System.getProperty("quarkus.http.limits.max-body-size") == null) {
            long ceiling = Math.max(4L << 20, Long.parseLong(max.trim()) * 2);
            System.setProperty("quarkus.http.limits.max-body-size", Long.toString(ceiling));
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
