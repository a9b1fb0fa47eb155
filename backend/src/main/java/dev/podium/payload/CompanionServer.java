package dev.podium.payload;

import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A server beside the target in a run (payload v2): the benchmark database of the db scenarios, or the load balancer in
 * front of the instances of scale-out cells.
 */
public record CompanionServer(
        @Schema(description = "e.g. PostgreSQL, nginx") String server,
        String version,

        @Schema(description = "the CPUs it was pinned to (taskset list)")
        String cpus,

        @Schema(description = "its settings as the agent recorded them (pg_settings names; nginx directives)")
        Map<String, String> settings) {

    /** The server from its stored columns; null when server is (the run has none). */
    public static CompanionServer stored(String server, String version, String cpus, Map<String, String> settings) {
        return server == null
                ? null
                : new CompanionServer(server, version, cpus, settings == null ? Map.of() : settings);
    }
}
