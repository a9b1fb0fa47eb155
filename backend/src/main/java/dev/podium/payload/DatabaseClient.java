package dev.podium.payload;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The database client of a db-scenario cell (payload v2 results[].database), as suite.json records it. */
public record DatabaseClient(
        @Schema(description = "driver and pool, e.g. PostgreSQL JDBC + HikariCP")
        String client,

        @Schema(description = "the pool size the target was given")
        int pool) {

    /** The client from its stored columns; null when client is. */
    public static DatabaseClient stored(String client, Integer pool) {
        return client == null ? null : new DatabaseClient(client, pool == null ? 0 : pool);
    }
}
