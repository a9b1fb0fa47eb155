package dev.podium.run;

import dev.podium.rounds.JvmStart;
import dev.podium.stats.CellStats;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.OrderColumn;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import java.util.ArrayList;
import java.util.List;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** One measured cell of a run (framework x scenario x load x vCPUs), its repeats, and the statistics derived from them. */
@Entity
@Table(name = "cells")
public class Cell extends PanacheEntityBase {

    // allocationSize matches the sequence's increment (50); ingest takes ids from it itself (CellCopy.assignIds)
    @Id
    @SequenceGenerator(name = "cells_seq", sequenceName = "cells_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "cells_seq")
    public Long id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "run_id", nullable = false)
    public Run run;

    /** Position in the payload's results[]. */
    @Column(nullable = false)
    public int ordinal;

    @Column(nullable = false)
    public String framework;

    @Column(nullable = false)
    public String frameworkVersion;

    @Column(nullable = false)
    public String ioModel;

    @Column(nullable = false)
    public String scenario;

    @Column(nullable = false)
    public String loadModel;

    @Column(nullable = false)
    public int connections;

    public Double targetRate;

    public Integer delayMs;

    @Column(nullable = false)
    public int vcpus;

    @Column(nullable = false)
    public double durationSeconds;

    public Double warmupSeconds;

    @Column(nullable = false)
    public boolean baseline;

    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(nullable = false)
    public String[] flags;

    /** Statistics (methodology section 4), derived once at ingest; null until then (all their columns null). */
    @Embedded
    public CellStats stats;

    /** Which interval rps_ci_low/rps_ci_high hold: "t", or null for a row IntervalBackfill has still to recompute. */
    public String rpsCiMethod;

    // payload v2: the CPUs the target was pinned to and its start; null for v1 cells and cells without them
    public String cpus;

    /** The target's classification (bare-server, micro, full-stack) from suite.json; null when the payload has none. */
    public String classification;

    /** single (one instance) or nginx-N (N instances behind the run's balancer; vcpus is their total). */
    @Column(nullable = false)
    public String topology = dev.podium.topology.Topology.SINGLE;

    /** default, or aot-cache (started from the AOT cache a training run wrote: V21__jvm_mode.sql). */
    @Column(nullable = false)
    public String jvmMode = dev.podium.jvmmode.JvmMode.DEFAULT;

    /** The flags the JVM mode added (the training run's, then the measured starts'); null in the default mode. */
    @JdbcTypeCode(SqlTypes.ARRAY)
    public String[] jvmModeFlags;

    /** aot-cache cells: the training run's seconds, the cache's size, why the JVM ran without it (null when it did). */
    public Double aotTrainingSeconds;

    public Long aotCacheBytes;

    public String aotProblem;

    /** What the cell's warm-up was: full or check (payload v2 "warmup"); null when the payload does not say. */
    public String warmup;

    public Double startupFirstResponseMs;

    public Long startupIdleRssBytes;

    // V16: a db cell's client (results[].database), and CPU seconds over the repeats (companion.CpuSeconds)
    public String dbClient;

    public Integer dbPool;

    public Double targetCpuSeconds;

    public Double databaseCpuSeconds;

    public Double balancerCpuSeconds;

    /** Time to 95% of the steady state (dev.podium.warmup.TimeToPeak), derived at ingest; null when undefined. */
    public Double timeToPeakSeconds;

    /** The payload's warmupWindows array as JSON (COPY writes it to warmup_windows); null when it has none. */
    @jakarta.persistence.Transient
    public String warmupWindowsJson;

    /** A fixed-rate cost cell's ladder (the payload's costLadder, COPY writes it to cost_ladder); null otherwise. */
    @jakarta.persistence.Transient
    public String costLadderJson;

    /** A fixed-rate cost cell's achieved requests/s (the payload's achievedRate); null for any other cell. */
    public Double achievedRate;

    /** The payload's rawOutput decoded: the gzip stream (written to cell_raw_outputs); null when it has none. */
    @jakarta.persistence.Transient
    public byte[] rawOutputGzip;

    /** The payload's starts, each with its figure (written to cell_starts); null when the cell has none. */
    @jakarta.persistence.Transient
    public java.util.List<JvmStart> starts;

    /**
     * The declared figures (figure.Figure) over the repeats that carry them, derived once at ingest (CellStatsColumns);
     * not mapped here: COPY writes their columns and the run's detail reads them (figure.StoredFigures).
     */
    @jakarta.persistence.Transient
    public dev.podium.figure.CellFigures figures;

    @ElementCollection(fetch = FetchType.LAZY)
    @CollectionTable(name = "repeats", joinColumns = @JoinColumn(name = "cell_id"))
    @OrderColumn(name = "ordinal")
    public List<Repeat> repeats = new ArrayList<>();
}
