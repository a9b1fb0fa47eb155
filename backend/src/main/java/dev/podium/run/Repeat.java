package dev.podium.run;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/** One repeat of a cell as the load generator measured it (a row of repeats, keyed by cell and ordinal). */
@Embeddable
public class Repeat {

    @Column(nullable = false)
    public long requests;

    @Column(name = "requests_per_second", nullable = false)
    public double requestsPerSecond;

    @Column(name = "p50_ms", nullable = false)
    public double p50Ms;

    @Column(name = "p75_ms", nullable = false)
    public double p75Ms;

    @Column(name = "p90_ms", nullable = false)
    public double p90Ms;

    @Column(name = "p99_ms", nullable = false)
    public double p99Ms;

    @Column(name = "p999_ms", nullable = false)
    public double p999Ms;

    @Column(name = "max_ms", nullable = false)
    public double maxMs;

    @Column(name = "mean_ms", nullable = false)
    public double meanMs;

    @Column(name = "errors_connect", nullable = false)
    public long errorsConnect;

    @Column(name = "errors_read", nullable = false)
    public long errorsRead;

    @Column(name = "errors_write", nullable = false)
    public long errorsWrite;

    @Column(name = "errors_timeout", nullable = false)
    public long errorsTimeout;

    @Column(name = "errors_status", nullable = false)
    public long errorsStatus;

    // payload v2 usage, null for v1 repeats
    @Column(name = "wall_seconds")
    public Double wallSeconds;

    @Column(name = "target_cpu_user_seconds")
    public Double targetCpuUserSeconds;

    @Column(name = "target_cpu_system_seconds")
    public Double targetCpuSystemSeconds;

    @Column(name = "target_rss_mean_bytes")
    public Long targetRssMeanBytes;

    @Column(name = "target_rss_peak_bytes")
    public Long targetRssPeakBytes;

    @Column(name = "generator_cpu_seconds")
    public Double generatorCpuSeconds;

    @Column(name = "usage_samples")
    public Integer usageSamples;

    /** The target's user + system CPU seconds, null without usage. */
    public Double targetCpuSeconds() {
        return targetCpuUserSeconds == null ? null : targetCpuUserSeconds + targetCpuSystemSeconds;
    }

    /** All errors of the repeat, whatever their kind. */
    public long errorCount() {
        return errorsConnect + errorsRead + errorsWrite + errorsTimeout + errorsStatus;
    }
}
