package dev.podium.run;

import dev.podium.agent.Agent;
import dev.podium.common.Machine;
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

/** One stored benchmark run: every metadata field of the payload, and the envelope as received (deflated since V29). */
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

    @Column(nullable = false)
    public byte[] payloadSha256;

    /** The envelope verbatim: runs stored before V29 until EnvelopeCompression converts them; else null. */
    public byte[] envelope;

    /** The envelope deflated (dev.podium.envelope.StoredEnvelope); null while it is still verbatim. */
    public byte[] envelopeDeflated;

    @Column(nullable = false)
    public Instant receivedAt;

    @Column(nullable = false)
    public int schemaVersion;

    @Column(nullable = false)
    public Instant startedAt;

    @Column(nullable = false)
    public Instant finishedAt;

    @Column(nullable = false)
    public String agentVersion;

    @Column(nullable = false)
    public String suiteName;

    @Column(nullable = false)
    public String suiteVersion;

    @Column(nullable = false)
    public String suiteCommit;

    public String suiteProfile;

    @Column(nullable = false)
    public String loadGeneratorTool;

    @Column(nullable = false)
    public String loadGeneratorVersion;

    public String openLoopTool;

    public String openLoopVersion;

    @Column(nullable = false)
    public String hostHostname;

    @Column(nullable = false)
    public String hostCpuModel;

    @Column(nullable = false)
    public int hostVcpus;

    @Column(nullable = false)
    public long hostMemoryBytes;

    @Column(nullable = false)
    public String hostOs;

    @Column(nullable = false)
    public String hostKernel;

    @Column(nullable = false)
    public String hostArch;

    @Column(nullable = false)
    public String hostVirtualization;

    public String hostServerCpus;

    public String hostLoadGeneratorCpus;

    /** host.settings of a v2 payload (governor, turbo, SMT, ...), null for v1. */
    @JdbcTypeCode(SqlTypes.JSON)
    public java.util.Map<String, Object> hostSettings;

    /** cpu model + vcpus + memory (methodology section 5), the unit results are compared within. */
    @Column(nullable = false)
    public String hostClass;

    /** The host the run measured on, less its name. */
    public Machine machine() {
        return new Machine(
                hostClass,
                hostCpuModel,
                hostVcpus,
                hostMemoryBytes,
                hostOs,
                hostKernel,
                hostArch,
                hostVirtualization,
                hostServerCpus,
                hostLoadGeneratorCpus,
                hostSettings);
    }

    @Column(nullable = false)
    public String jvmVendor;

    @Column(nullable = false)
    public String jvmVersion;

    @Column(nullable = false)
    public int jvmMajor;

    @Column(nullable = false)
    public String jvmVmName;

    @Column(nullable = false)
    public String jvmGc;

    @JdbcTypeCode(SqlTypes.ARRAY)
    @Column(nullable = false)
    public String[] jvmFlags;

    // payload v2 "database" and "balancer" (V16): null when the run has none; settings as the agent recorded them
    public String databaseServer;

    public String databaseVersion;

    public String databaseCpus;

    @JdbcTypeCode(SqlTypes.JSON)
    public java.util.Map<String, String> databaseSettings;

    public String balancerServer;

    public String balancerVersion;

    public String balancerCpus;

    @JdbcTypeCode(SqlTypes.JSON)
    public java.util.Map<String, String> balancerSettings;

    /** The payload's part when the run is one part of a larger run (stored in run_parts by RunWriter), else null. */
    @jakarta.persistence.Transient
    public RunPart part;

    // read side only: ingest writes cells and repeats with COPY (CellCopy)
    @OneToMany(mappedBy = "run")
    @OrderBy("ordinal")
    public List<Cell> cells = new ArrayList<>();
}
