package dev.podium.companion;

import com.fasterxml.jackson.databind.JsonNode;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The database client of a db-scenario cell (payload v2 results[].database), as suite.json records it. */
public record DatabaseClient(
        @Schema(description = "driver and pool, e.g. PostgreSQL JDBC + HikariCP")
        String client,

        @Schema(description = "the pool size the target was given")
        int pool) {

    /** The client of a payload cell; null for a cell without one (not a db scenario, or v1). */
    public static DatabaseClient of(JsonNode cell) {
        JsonNode db = cell.get("database");
        return db == null || !db.isObject()
                ? null
                : new DatabaseClient(
                        db.get("client").textValue(), db.get("pool").intValue());
    }

    /** The client from its stored columns; null when client is. */
    public static DatabaseClient stored(String client, Integer pool) {
        return client == null ? null : new DatabaseClient(client, pool == null ? 0 : pool);
    }
}
