package dev.podium.run;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.common.Problem.FieldError;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A stored run that is a part of a larger one (the payload's part): which run, its index, the plan, what it completes. */
@Entity
@Table(name = "run_parts")
public class RunPart extends PanacheEntityBase {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<List<Map<String, Object>>> LIST = new TypeReference<>() {};

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
    static RunPart of(UUID runId, JsonNode payload) {
        JsonNode part = payload.get("part");
        if (part == null || part.isNull()) {
            return null;
        }
        RunPart p = new RunPart();
        p.runId = runId;
        p.partOf = UUID.fromString(part.get("runId").textValue());
        p.partIndex = part.get("index").intValue();
        p.planned = JSON.convertValue(part.get("planned"), LIST);
        p.targets = JSON.convertValue(part.get("targets"), LIST);
        return p;
    }

    /**
     * The rules of schema/README.md a schema cannot say: a part names only planned targets, each once; no target is
     * planned twice; a part is never its own run.
     */
    static void check(JsonNode payload, List<FieldError> errors) {
        JsonNode part = payload.get("part");
        if (part == null || part.isNull()) {
            return;
        }
        if (part.get("runId").textValue().equalsIgnoreCase(payload.get("runId").textValue())) {
            errors.add(new FieldError("part.runId", "must be the run's id, not this part's runId"));
        }
        Set<String> planned = new HashSet<>();
        JsonNode plan = part.get("planned");
        for (int i = 0; i < plan.size(); i++) {
            if (!planned.add(slot(plan.get(i)))) {
                errors.add(new FieldError("part.planned[" + i + "]", "is planned twice: " + slot(plan.get(i))));
                return;
            }
        }
        Set<String> named = new HashSet<>();
        JsonNode targets = part.get("targets");
        for (int i = 0; i < targets.size(); i++) {
            String slot = slot(targets.get(i));
            if (!planned.contains(slot)) {
                errors.add(new FieldError("part.targets[" + i + "]", slot + " is not in part.planned"));
            } else if (!named.add(slot)) {
                errors.add(new FieldError("part.targets[" + i + "]", slot + " is named twice"));
            }
        }
    }

    /** "target/vcpus/topology", the key of a planned target. */
    static String slot(JsonNode t) {
        return t.get("target").textValue() + " (" + t.get("vcpus").intValue() + " vCPUs, "
                + t.get("topology").textValue() + ")";
    }

    static String slot(Map<String, Object> t) {
        return t.get("target") + " (" + ((Number) t.get("vcpus")).intValue() + " vCPUs, " + t.get("topology") + ")";
    }
}
