package dev.podium.replica;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/**
 * Settings of the read replica (podium.db-read.* = PODIUM_DB_READ_*). The replica itself is the datasource named
 * {@code read} (PODIUM_DB_READ_URL, application.properties); without that URL there is none and nothing here is used.
 */
@ConfigMapping(prefix = "podium.db-read")
public interface ReplicaConfig {

    /**
     * The most a read answered by the replica may miss of what the primary had committed: the replica answers reads
     * while it is known to have replayed everything the primary had committed this long ago; further behind (or not
     * known to be closer), reads go to the primary.
     */
    @WithDefault("5s")
    Duration maxLag();

    /** How often the replica's replay position is compared with the primary's WAL position. */
    @WithDefault("1s")
    Duration checkInterval();
}
