package dev.podium.cache;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Settings of the read API's answer cache (podium.read-cache.* = PODIUM_READ_CACHE_*). */
@ConfigMapping(prefix = "podium.read-cache")
public interface ReadCacheConfig {

    /** How often the runs stamp is re-read: the longest a replica serves an answer after another one stored a run. */
    @WithDefault("1s")
    Duration checkInterval();

    /**
     * Whether answers asked for recently are rendered again in the background as soon as the stamp moves (a new run, a
     * change point, a revocation), so that the next visitor does not wait for the queries (seconds at millions of
     * rows). Also renders each scenario's default leaderboard at start.
     */
    @WithDefault("true")
    boolean refresh();

    /** How long after its last request an answer is still kept fresh in the background. */
    @WithDefault("15m")
    Duration refreshFor();

    /** At most this many answers are rendered again per stamp change, the most recently requested first. */
    @WithDefault("32")
    int refreshMax();
}
