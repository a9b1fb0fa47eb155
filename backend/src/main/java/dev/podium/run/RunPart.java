package dev.podium.run;

import dev.podium.input.PlannedTarget;
import dev.podium.payload.RunPayload;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A stored run that is a part of a larger one (the payload's part): which run, its index, the plan, what it completes. */
@Entity
@Table(name = "run_parts")
public class RunPart extends PanacheEntityBase {

    /** The part's own runId (its runs row). */
    @Id
    public UUID runId;

    /** part.runId: the run's identity, shared by all its parts. */
    @Column(nullable = false)
    public UUID partOf;

    @Column(nullable = false)
    public int partIndex;

    /** part.planned: {target, vcpus, topology} of every target the run planned, in order. */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    public List<Map<String, Object>> planned;

    /** part.targets: {target, vcpus, topology, status, reason?} of the targets this part completes. */
    @JdbcTypeCode(SqlTypes.JSON)
    @Column(nullable = false)
    public List<Map<String, Object>> targets;

    /** The part block of a validated payload, null for a whole run. */
    static RunPart of(UUID runId, RunPayload.Part part) {
        if (part == null) {
            return null;
        }
        RunPart p = new RunPart();
        p.runId = runId;
        p.partOf = part.runId();
        p.partIndex = part.index();
        p.planned = part.planned();
        p.targets = part.targets();
        return p;
    }

    /** The key of a stored planned target, as the payload's part rules build it ({@link PlannedTarget#slot}). */
    public static String slot(Map<String, Object> t) {
        return PlannedTarget.of(t).slot();
    }
}
