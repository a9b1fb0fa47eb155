package dev.podium.run;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
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

    @Column(name = "framework_version", nullable = false)
    public String frameworkVersion;

    @Column(name = "io_model", nullable = false)
    public String ioModel;

    @Column(nullable = false)
    public String scenario;

    @Column(name = "load_model", nullable = false)
    public String loadModel;

    @Column(nullable = false)
    public int connections;

    @Column(name = "target_rate")
    public Double targetRate;

    @Column(name = "delay_ms")
    public Integer delayMs;

    @Column(nullable = false)
    public int vcpus;

    @Column(name = "duration_seconds", nullable = false)
    public double durationSeconds;

    @Column(name = "warmup_seconds")
    public Double warmupSeconds;

    @Column(nullable = false)
    public boolean baseline;

    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(nullable = false)
    public String[] flags;

    // statistics (methodology section 4): null until computed at ingest
    @Column(name = "repeat_count")
    public Integer repeatCount;

    @Column(name = "rps_trimmed_mean")
    public Double rpsTrimmedMean;

    @Column(name = "rps_median")
    public Double rpsMedian;

    @Column(name = "rps_mean")
    public Double rpsMean;

    @Column(name = "rps_stddev")
    public Double rpsStddev;

    @Column(name = "rps_ci_low")
    public Double rpsCiLow;

    @Column(name = "rps_ci_high")
    public Double rpsCiHigh;

    @Column(name = "error_rate")
    public Double errorRate;

    @Column(name = "p50_median")
    public Double p50Median;

    @Column(name = "p90_median")
    public Double p90Median;

    @Column(name = "p99_median")
    public Double p99Median;

    @Column(name = "over_error_limit")
    public Boolean overErrorLimit;

    @Column(name = "rps_ci_method")
    public String rpsCiMethod;

    @Column(name = "rps_cv")
    public Double rpsCv;

    public Boolean noisy;

    // payload v2: the CPUs the target was pinned to and its start; null for v1 cells and cells without them
    public String cpus;

    @Column(name = "startup_first_response_ms")
    public Double startupFirstResponseMs;

    @Column(name = "startup_idle_rss_bytes")
    public Long startupIdleRssBytes;

    // cost figures derived at ingest from the repeats' usage (CellStats); null for v1 cells
    @Column(name = "req_per_cpu_second")
    public Double reqPerCpuSecond;

    @Column(name = "req_per_cpu_second_ci_low")
    public Double reqPerCpuSecondCiLow;

    @Column(name = "req_per_cpu_second_ci_high")
    public Double reqPerCpuSecondCiHigh;

    @Column(name = "req_per_cpu_second_repeats")
    public Integer reqPerCpuSecondRepeats;

    @Column(name = "rps_per_vcpu")
    public Double rpsPerVcpu;

    @Column(name = "rps_per_vcpu_ci_low")
    public Double rpsPerVcpuCiLow;

    @Column(name = "rps_per_vcpu_ci_high")
    public Double rpsPerVcpuCiHigh;

    @Column(name = "rps_per_vcpu_repeats")
    public Integer rpsPerVcpuRepeats;

    @Column(name = "rss_mb_per_krps")
    public Double rssMbPerKrps;

    @Column(name = "rss_mb_per_krps_ci_low")
    public Double rssMbPerKrpsCiLow;

    @Column(name = "rss_mb_per_krps_ci_high")
    public Double rssMbPerKrpsCiHigh;

    @Column(name = "rss_mb_per_krps_repeats")
    public Integer rssMbPerKrpsRepeats;

    @ElementCollection(fetch = FetchType.LAZY)
    @CollectionTable(name = "repeats", joinColumns = @JoinColumn(name = "cell_id"))
    @OrderColumn(name = "ordinal")
    public List<Repeat> repeats = new ArrayList<>();
}
