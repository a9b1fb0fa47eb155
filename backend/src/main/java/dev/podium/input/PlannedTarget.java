package dev.podium.input;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/** A target a run planned (part.planned, part.targets): its name, vCPU count and topology. */
public record PlannedTarget(String target, int vcpus, String topology) {

    /** From a payload's part.planned or part.targets entry. */
    public static PlannedTarget of(JsonNode t) {
        return new PlannedTarget(
                t.get("target").textValue(),
                t.get("vcpus").intValue(),
                t.get("topology").textValue());
    }

    /** From a stored part's planned or targets entry (the JSON column read as a map). */
    public static PlannedTarget of(Map<String, Object> t) {
        return new PlannedTarget(
                (String) t.get("target"), ((Number) t.get("vcpus")).intValue(), (String) t.get("topology"));
    }

    /** "target (N vCPUs, topology)": the key a part's targets are matched to the plan by, and named in errors. */
    public String slot() {
        return target + " (" + vcpus + " vCPUs, " + topology + ")";
    }
}
