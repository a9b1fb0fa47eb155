package dev.podium.run;

import dev.podium.figure.FigureValues;
import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.Transient;

/** One repeat of a cell as the load generator measured it (a row of repeats, keyed by cell and ordinal). */
@Embeddable
public class Repeat {

    @Column(nullable = false)
    public long requests;

    @Column(nullable = false)
    public double requestsPerSecond;

    @Column(nullable = false)
    public double p50Ms;

    @Column(nullable = false)
    public double p75Ms;

    @Column(nullable = false)
    public double p90Ms;

    @Column(nullable = false)
    public double p99Ms;

    @Column(nullable = false)
    public double p999Ms;

    @Column(nullable = false)
    public double maxMs;

    @Column(nullable = false)
    public double meanMs;

    @Column(nullable = false)
    public long errorsConnect;

    @Column(nullable = false)
    public long errorsRead;

    @Column(nullable = false)
    public long errorsWrite;

    @Column(nullable = false)
    public long errorsTimeout;

    @Column(nullable = false)
    public long errorsStatus;

    // payload v2 usage, null for v1 repeats
    public Double wallSeconds;

    public Double targetCpuUserSeconds;

    public Double targetCpuSystemSeconds;

    public Long targetRssMeanBytes;

    public Long targetRssPeakBytes;

    public Double generatorCpuSeconds;

    public Integer usageSamples;

    // scale-out cells (topology nginx-N): the balancer's CPU time over the repeat; null otherwise
    public Double balancerCpuUserSeconds;

    public Double balancerCpuSystemSeconds;

    // db scenarios (V16): the benchmark database's CPU time over the repeat; null otherwise
    public Double databaseCpuUserSeconds;

    public Double databaseCpuSystemSeconds;

    /** Which JVM start of the cell measured this repeat, from 0 (0 for every repeat of a one-start cell). */
    @Column(nullable = false)
    public int fork;

    /**
     * The repeat's declared figures (figure.Figure: allocation and GC, steal, ...), null each where the payload carried
     * none; not mapped here: COPY writes their columns and the run's detail reads them (figure.StoredFigures).
     */
    @Transient
    public FigureValues figures = new FigureValues();

    /** The target's user + system CPU seconds, null without usage. */
    public Double targetCpuSeconds() {
        return targetCpuUserSeconds == null ? null : targetCpuUserSeconds + targetCpuSystemSeconds;
    }

    /** All errors of the repeat, whatever their kind. */
    public long errorCount() {
        return errorsConnect + errorsRead + errorsWrite + errorsTimeout + errorsStatus;
    }
}
