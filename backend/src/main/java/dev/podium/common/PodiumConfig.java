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

    /** Bearer token of the admin endpoints; without it (and without adminTokenFile) they answer 403. */
    Optional<String> adminToken();

    /** A file holding the admin token (PODIUM_ADMIN_TOKEN_FILE), read at start; used when adminToken is unset. */
    Optional<java.nio.file.Path> adminTokenFile();

    /** Time a request body may take to arrive after its headers; slower answers 408 (PODIUM_REQUEST_BODY_TIMEOUT). */
    @WithDefault("30s")
    java.time.Duration requestBodyTimeout();

    /** Writes (POST /api/...) one client address may send per minute, as a token bucket; more answer 429. 0: no limit. */
    @WithDefault("600")
    int writesPerMinutePerAddress();

    /** Runs one agent key may submit per minute, as a token bucket counted after its signature verifies; 0: no limit. */
    @WithDefault("120")
    int writesPerMinutePerKey();

    /** Wrong admin tokens one client address may send per minute; more answer 429 with Retry-After. */
    @WithDefault("10")
    int adminMaxFailures();

    /**
     * Whether the write, per-key and admin-token limits are kept in PostgreSQL (PODIUM_SHARED_LIMITS), so that every
     * replica on the database draws from the same budget; false keeps each process's own (N replicas: N times looser).
     */
    @WithDefault("true")
    boolean sharedLimits();
}
