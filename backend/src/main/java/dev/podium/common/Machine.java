package dev.podium.common;

import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A benchmark host as a run describes it, less its name: its host class, hardware, OS, the CPUs the server and the load
 * generator were given, and its tuning. Runs that share all of it share a configuration; a run's detail and a
 * snapshot's hosts carry it {@code @JsonUnwrapped}.
 */
public record Machine(
        String hostClass,
        String cpuModel,
        int vcpus,
        long memoryBytes,
        String os,
        String kernel,
        String arch,
        String virtualization,
        @Schema(nullable = true) String serverCpus,
        @Schema(nullable = true) String loadGeneratorCpus,

        @Schema(nullable = true, description = "host.settings of payload v2 (governor, turbo, SMT, ...); null for v1")
        Map<String, Object> settings) {}
