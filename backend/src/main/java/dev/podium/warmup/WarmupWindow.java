package dev.podium.warmup;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** One window of a cell's warm-up, as the payload carries it (results[].warmupWindows[]). */
public record WarmupWindow(
        @Schema(description = "the JVM start (fork) this window warmed up, from 0")
        int fork,

        @Schema(description = "the window's wall time") double seconds,
        @Schema(description = "the window's throughput") double requestsPerSecond,

        @Schema(
                nullable = true,
                description = "the JIT compiler's time in the window over the window's time times the target's pinned"
                        + " CPUs; null when unknown (not a JVM)")
        Double jitShare) {}
