package dev.podium.common;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Optional;

/** The service's own settings; each maps to a PODIUM_* environment variable (podium.max-run-bytes = PODIUM_MAX_RUN_BYTES). */
@ConfigMapping(prefix = "podium")
public interface PodiumConfig {

    /** Largest accepted envelope in bytes; larger submissions answer 413. */
    @WithDefault("1048576")
    int maxRunBytes();

    /** Ingests processed at once; one more answers 429 with Retry-After. */
    @WithDefault("4")
    int maxConcurrentIngests();

    /** Bearer token of the admin endpoints; without it they answer 403. */
    Optional<String> adminToken();
}
