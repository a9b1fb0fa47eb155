package dev.podium.leaderboard;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Settings of the read API's answer cache (podium.read-cache.* = PODIUM_READ_CACHE_*). */
@ConfigMapping(prefix = "podium.read-cache")
public interface ReadCacheConfig {

    /** How often the runs stamp is re-read: the longest a replica serves an answer after another one stored a run. */
    @WithDefault("1s")
    Duration checkInterval();
}
