package dev.podium.input;

import com.fasterxml.jackson.databind.JsonNode;
import dev.podium.common.Problem.FieldError;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The payload's part block: the rules of schema/README.md that its JSON Schema cannot say. */
final class PartRules {

    private PartRules() {}

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
            String slot = PlannedTarget.of(plan.get(i)).slot();
            if (!planned.add(slot)) {
                errors.add(new FieldError("part.planned[" + i + "]", "is planned twice: " + slot));
                return;
            }
        }
        Set<String> named = new HashSet<>();
        JsonNode targets = part.get("targets");
        for (int i = 0; i < targets.size(); i++) {
            String slot = PlannedTarget.of(targets.get(i)).slot();
            if (!planned.contains(slot)) {
                errors.add(new FieldError("part.targets[" + i + "]", slot + " is not in part.planned"));
            } else if (!named.add(slot)) {
                errors.add(new FieldError("part.targets[" + i + "]", slot + " is named twice"));
            }
        }
    }
}
