package dev.podium.run;

import dev.podium.agent.Agent;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.OneToMany;
import jakarta.persistence.OrderBy;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** One stored benchmark run: every metadata field of the payload, and the envelope exactly as received. */
@Entity
@Table(name = "runs")
public class Run extends PanacheEntityBase {

    /** The payload's runId, the idempotency key. */
    @Id
    public UUID id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "agent_id", nullable = false)
    public Agent agent;

    @Column(nullable = false)
    public String keyid;

    @Column(name = "payload_sha256", nullable = false)
    public byte[] payloadSha256;

    @Column(nullable = false)
    public byte[] envelope;

    @Column(name = "received_at", nullable = false)
    public Instant receivedAt;

    @Column(name = "schema_version", nullable = false)
    public int schemaVersion;

    @Column(name = "started_at", nullable = false)
    public Instant startedAt;

    @Column(name = "finished_at", nullable = false)
    public Instant finishedAt;

    @Column(name = "agent_version", nullable = false)
    public String agentVersion;

    @Column(name = "suite_name", nullable = false)
    public String suiteName;

    @Column(name = "suite_version", nullable = false)
    public String suiteVersion;

    @Column(name = "suite_commit", nullable = false)
    public String suiteCommit;

    @Column(name = "suite_profile")
    public String suiteProfile;

    @Column(name = "load_generator_tool", nullable = false)
    public String loadGeneratorTool;

    @Column(name = "load_generator_version", nullable = false)
    public String loadGeneratorVersion;

    @Column(name = "open_loop_tool")
    public String openLoopTool;

    @Column(name = "open_loop_version")
    public String openLoopVersion;

    @Column(name = "host_hostname", nullable = false)
    public String hostHostname;

    @Column(name = "host_cpu_model", nullable = false)
    public String hostCpuModel;

    @Column(name = "host_vcpus", nullable = false)
    public int hostVcpus;

    @Column(name = "host_memory_bytes", nullable = false)
    public long hostMemoryBytes;

    @Column(name = "host_os", nullable = false)
    public String hostOs;

    @Column(name = "host_kernel", nullable = false)
    public String hostKernel;

    @Column(name = "host_arch", nullable = false)
    public String hostArch;

    @Column(name = "host_virtualization", nullable = false)
    public String hostVirtualization;

    @Column(name = "host_server_cpus")
    public String hostServerCpus;

    @Column(name = "host_load_generator_cpus")
    public String hostLoadGeneratorCpus;

    /** host.settings of a v2 payload (governor, turbo, SMT, ...), null for v1. */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(name = "host_settings")
    public java.util.Map<String, Object> hostSettings;

    /** cpu model + vcpus + memory (methodology section 5), the unit results are compared within. */
    @Column(name = "host_class", nullable = false)
    public String hostClass;

    @Column(name = "jvm_vendor", nullable = false)
    public String jvmVendor;

    @Column(name = "jvm_version", nullable = false)
    public String jvmVersion;

    @Column(name = "jvm_major", nullable = false)
    public int jvmMajor;

    @Column(name = "jvm_vm_name", nullable = false)
    public String jvmVmName;

    @Column(name = "jvm_gc", nullable = false)
    public String jvmGc;

    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(name = "jvm_flags", nullable = false)
    public String[] jvmFlags;

    // read side only: ingest writes cells and repeats with COPY (CellCopy)
    @OneToMany(mappedBy = "run")
    @OrderBy("ordinal")
    public List<Cell> cells = new ArrayList<>();
}
