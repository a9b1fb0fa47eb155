package dev.podium.payload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.figure.Figure;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The payload records against the run schemas, v1 and v2: every object the records bind has a component for each of
 * its schema properties and none besides (a repeat's and its usage's declared figures excepted, which they collect by
 * name), and a component that is a primitive (0 when absent) only for a property every version requires.
 */
class PayloadSchemaTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path VALID = Path.of("..", "schema", "testdata", "payloads", "valid");

    @Test
    void everyValidPayloadBinds() throws IOException {
        try (var files = Files.list(VALID)) {
            List<Path> payloads =
                    files.filter(f -> f.toString().endsWith(".json")).sorted().toList();
            assertTrue(payloads.size() >= 10, "the valid payloads: " + payloads);
            for (Path f : payloads) {
                JsonNode tree = JSON.readTree(f.toFile());
                RunPayload bound = RunPayload.bind(tree);
                assertEquals(tree.get("results").size(), bound.results().size(), f.toString());
            }
        }
    }

    @Test
    void everyPropertyOfV2IsAComponentOrADeclaredFigure() throws IOException {
        List<String> problems = new ArrayList<>();
        walk(schema("run.v2.schema.json"), RunPayload.class, "$", true, problems);
        assertEquals(List.of(), problems);
    }

    @Test
    void everyPropertyOfV1IsAComponentAndNoAbsentOneReadsAsZero() throws IOException {
        List<String> problems = new ArrayList<>();
        walk(schema("run.schema.json"), RunPayload.class, "$", false, problems);
        assertEquals(List.of(), problems);
    }

    @Test
    void aPropertyTheRecordsDoNotNameFailsTheBindingInsteadOfVanishing() throws IOException {
        ObjectNode payload =
                (ObjectNode) JSON.readTree(VALID.resolve("v2-full.json").toFile());
        RunPayload bound = RunPayload.bind(payload);
        assertEquals(payload.get("runId").textValue(), bound.runId().toString());
        assertFalse(bound.results().isEmpty());

        ((ObjectNode) payload.get("host")).put("rackPosition", "A7");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> RunPayload.bind(payload));
        assertTrue(e.getMessage().contains("rackPosition"), e.getMessage());
    }

    @Test
    void aRepeatCollectsItsFiguresByNameAndAbsentOnesAreAbsent() throws IOException {
        JsonNode repeat = JSON.readTree("""
                {"requests": 10, "requestsPerSecond": 1.5, "stealShare": 0.02,
                 "latencyMs": {"p50": 1, "p75": 1, "p90": 1, "p99": 1, "p999": 1, "max": 1, "mean": 1},
                 "errors": {"connect": 0, "read": 0, "write": 0, "timeout": 0, "status": 0}}""");
        ObjectNode run =
                (ObjectNode) JSON.readTree(VALID.resolve("v2-full.json").toFile());
        ((ObjectNode) run.get("results").get(0)).putArray("repeats").add(repeat);
        RepeatPayload bound = RunPayload.bind(run).results().get(0).repeats().get(0);
        assertEquals(Map.of(Figure.STEAL_SHARE.apiName(), 0.02), bound.figures());
        assertNull(bound.usage());
        assertNull(bound.fork());
    }

    private static JsonNode schema(String file) throws IOException {
        return JSON.readTree(Path.of("..", "schema", file).toFile());
    }

    /** Holds record type against the schema object at node, then each component against its property. */
    private static void walk(JsonNode schema, Class<?> type, String path, boolean v2, List<String> problems) {
        JsonNode node = resolve(schema, at(schema, path));
        Set<String> properties = new TreeSet<>();
        node.path("properties").fieldNames().forEachRemaining(properties::add);
        Set<String> required = new TreeSet<>();
        node.path("required").forEach(r -> required.add(r.textValue()));
        Set<String> components = new TreeSet<>();
        boolean collectsFigures = false;
        for (RecordComponent c : type.getRecordComponents()) {
            // the annotation is not one a record component keeps: it reaches the accessor
            if (c.getAccessor().isAnnotationPresent(JsonAnySetter.class)) {
                collectsFigures = true;
                continue;
            }
            components.add(c.getName());
            if (!properties.contains(c.getName())) {
                continue; // a v2 property, absent from v1: null there, as the boxed type below allows
            }
            if (c.getType().isPrimitive() && !required.contains(c.getName())) {
                problems.add(path + "." + c.getName() + " is a primitive but the schema does not require it");
            }
            Class<?> nested = recordOf(c.getGenericType());
            if (nested != null) {
                String child = path + "." + c.getName() + (List.class.isAssignableFrom(c.getType()) ? "[]" : "");
                walk(schema, nested, child, v2, problems);
            }
        }
        Set<String> figures = new TreeSet<>();
        if (collectsFigures) {
            Figure.In in = type == RepeatPayload.class ? Figure.In.REPEAT : Figure.In.USAGE;
            Figure.ALL.stream().filter(f -> f.in() == in).forEach(f -> figures.add(f.apiName()));
        }
        for (String p : properties) {
            if (!components.contains(p) && !figures.contains(p)) {
                problems.add(path + "." + p + " has no component in " + type.getSimpleName());
            }
        }
        if (v2) {
            for (String c : components) {
                if (!properties.contains(c)) {
                    problems.add(path + "." + c + " is a component of " + type.getSimpleName() + " but not in v2");
                }
            }
            for (String f : figures) {
                if (!properties.contains(f)) {
                    problems.add(path + "." + f + " is a declared figure the schema does not have there");
                }
            }
        }
    }

    /** The schema node of a path like $.results[].repeats[].usage (the v1 schema may lack it: then an empty node). */
    private static JsonNode at(JsonNode schema, String path) {
        JsonNode node = schema;
        for (String step : path.substring(1).split("\\.")) {
            if (step.isEmpty()) {
                continue;
            }
            boolean items = step.endsWith("[]");
            node = resolve(schema, node).path("properties").path(items ? step.substring(0, step.length() - 2) : step);
            if (items) {
                node = resolve(schema, node).path("items");
            }
        }
        return node;
    }

    private static JsonNode resolve(JsonNode schema, JsonNode node) {
        JsonNode ref = node.get("$ref");
        return ref == null ? node : schema.at(ref.textValue().substring(1));
    }

    /** The payload record a component holds, itself or as a list's element; null for any other type. */
    private static Class<?> recordOf(Type type) {
        if (type instanceof Class<?> c) {
            return c.isRecord() && c.getPackage() == RunPayload.class.getPackage() ? c : null;
        }
        if (type instanceof ParameterizedType p && p.getRawType() == List.class) {
            return recordOf(p.getActualTypeArguments()[0]);
        }
        return null;
    }
}
