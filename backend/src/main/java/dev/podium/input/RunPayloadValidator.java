package dev.podium.input;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonNodePath;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import dev.podium.common.Problem.FieldError;
import dev.podium.common.ProblemException;
import dev.podium.common.RunSchema;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** Checks a run payload: JSON (400), then no NaN/Infinity, the JSON Schema and the rules of schema/README.md (422). */
@ApplicationScoped
public class RunPayloadValidator {

    static final String SCHEMA_RESOURCE = "schema/run.schema.json";
    public static final String V2_SCHEMA_RESOURCE = RunSchema.V2_RESOURCE;
    private static final String[] PERCENTILES = {"p50", "p75", "p90", "p99", "p999", "max"};
    private static final int MAX_ERRORS = 50;
    /** schema/README.md: CPU time may exceed wall x CPUs by 5% and 50 ms of sampling skew. */
    private static final double CPU_SKEW = 1.05;

    private static final double CPU_SLACK_SECONDS = 0.05;

    private final JsonSchema v1;
    private final JsonSchema v2;

    public RunPayloadValidator() {
        this.v1 = load(SCHEMA_RESOURCE);
        this.v2 = load(V2_SCHEMA_RESOURCE);
    }

    /**
     * A schema of ../schema as packaged, its $refs to the run schema's $id (https://podium.dev/schema/run.v2.json, as
     * the A/B schema's host and scenario refer to it) read from the classpath, every $ref resolved now.
     */
    public static JsonSchema load(String resource) {
        JsonNode schemaNode;
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(
                        resource + " is missing from the classpath (the build packages ../schema)");
            }
            schemaNode = new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        SchemaValidatorsConfig config = SchemaValidatorsConfig.builder()
                .formatAssertionsEnabled(true)
                .failFast(false)
                .build();
        JsonSchemaFactory factory = JsonSchemaFactory.getInstance(
                SpecVersion.VersionFlag.V202012,
                builder -> builder.schemaMappers(mappers -> mappers.mappings(
                        Map.of("https://podium.dev/schema/run.v2.json", "classpath:" + V2_SCHEMA_RESOURCE))));
        JsonSchema schema = factory.getSchema(
                SchemaLocation.of(schemaNode.path("$id").asText("urn:podium:" + resource)), schemaNode, config);
        schema.initializeValidators(); // resolve every $ref once, when the bean is created, not per validation
        return schema;
    }

    /** What the schema finds wrong with the node, a field once, at most 50: each named by its path (cells[0].a). */
    public static List<FieldError> schemaErrors(JsonSchema schema, JsonNode node) {
        List<FieldError> errors = new ArrayList<>();
        for (ValidationMessage message : schema.validate(node)) {
            addOnce(errors, new FieldError(field(message), text(message)));
            if (errors.size() >= MAX_ERRORS) {
                break;
            }
        }
        return errors;
    }

    /** The payload as a tree once it passes every check of the schemaVersion its payloadType announces (1 or 2). */
    public JsonNode validate(int schemaVersion, byte[] payload) {
        JsonNode run = parse(payload);
        List<FieldError> errors = new ArrayList<>();
        nonFinite(run, new java.util.ArrayDeque<>(), errors);
        if (!errors.isEmpty()) {
            throw ProblemException.invalid("Invalid run", errors);
        }
        JsonNode version = run.get("schemaVersion");
        if (version != null && version.isNumber() && version.asDouble() != schemaVersion) {
            // checked before the schema: a v1 payload under the v2 type would otherwise fail on every usage field
            throw ProblemException.invalid(
                    "Invalid run",
                    List.of(new FieldError(
                            "schemaVersion",
                            "must be "
                                    + schemaVersion + " for payloadType "
                                    + (schemaVersion == 2
                                            ? DsseEnvelope.RUN_V2_PAYLOAD_TYPE
                                            : DsseEnvelope.RUN_PAYLOAD_TYPE)
                                    + ", got " + version.asText())));
        }
        errors.addAll(schemaErrors(schemaVersion == 2 ? v2 : v1, run));
        if (!errors.isEmpty()) {
            throw ProblemException.invalid("Invalid run", errors);
        }
        rules(run, errors);
        if (schemaVersion == 2) {
            usageRules(run, errors);
            PartRules.check(run, errors);
            forkRules(run, errors);
            StartRules.check(run, errors);
            RawOutputRules.check(run, errors);
        }
        if (!errors.isEmpty()) {
            throw ProblemException.invalid("Invalid run", errors);
        }
        return run;
    }

    private JsonNode parse(byte[] payload) {
        JsonNode run;
        try {
            run = StrictJson.read(payload, true); // NaN and Infinity read so that the 422 can name the field
        } catch (StrictJson.Refused e) {
            String field = e.field() == null ? "payload" : e.field();
            throw ProblemException.badRequest("malformed-payload", "the payload is refused: " + e.getMessage(), field);
        }
        if (!run.isObject()) {
            throw ProblemException.badRequest("malformed-payload", "the payload must be a JSON object", "payload");
        }
        return run;
    }

    // The path is a stack of segments joined only when a value is not finite: most payloads have none.
    private static void nonFinite(JsonNode node, java.util.ArrayDeque<Object> path, List<FieldError> errors) {
        if (node.isFloatingPointNumber()) {
            double value = node.doubleValue();
            if (Double.isNaN(value) || Double.isInfinite(value)) {
                errors.add(new FieldError(Paths.of(path), "must be a finite number, got " + value));
            }
        } else if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields();
                    it.hasNext() && errors.size() < MAX_ERRORS; ) {
                Map.Entry<String, JsonNode> entry = it.next();
                path.addLast(entry.getKey());
                nonFinite(entry.getValue(), path, errors);
                path.removeLast();
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size() && errors.size() < MAX_ERRORS; i++) {
                path.addLast(i);
                nonFinite(node.get(i), path, errors);
                path.removeLast();
            }
        }
    }

    /** Rules a schema cannot say: percentile order per repeat, finishedAt >= startedAt. */
    private static void rules(JsonNode run, List<FieldError> errors) {
        try {
            OffsetDateTime started = OffsetDateTime.parse(run.get("startedAt").textValue());
            OffsetDateTime finished = OffsetDateTime.parse(run.get("finishedAt").textValue());
            if (finished.isBefore(started)) {
                errors.add(new FieldError("finishedAt", "must not be earlier than startedAt"));
            }
        } catch (DateTimeParseException e) {
            errors.add(new FieldError("startedAt", "must be an RFC 3339 date-time"));
        }
        JsonNode results = run.get("results");
        for (int c = 0; c < results.size() && errors.size() < MAX_ERRORS; c++) {
            JsonNode repeats = results.get(c).get("repeats");
            for (int r = 0; r < repeats.size(); r++) {
                JsonNode latency = repeats.get(r).get("latencyMs");
                for (int p = 1; p < PERCENTILES.length; p++) {
                    double below = latency.get(PERCENTILES[p - 1]).doubleValue();
                    double value = latency.get(PERCENTILES[p]).doubleValue();
                    if (value < below) {
                        errors.add(new FieldError(
                                "results[" + c + "].repeats[" + r + "].latencyMs." + PERCENTILES[p],
                                "must not be below " + PERCENTILES[p - 1] + " (" + value + " < " + below + ")"));
                        break;
                    }
                }
            }
        }
    }

    /** The v2 rules of schema/README.md: CPU within what the CPUs had over the repeat, peak RSS not below the mean. */
    private static void usageRules(JsonNode run, List<FieldError> errors) {
        int hostVcpus = run.get("host").get("vcpus").intValue();
        JsonNode results = run.get("results");
        for (int c = 0; c < results.size() && errors.size() < MAX_ERRORS; c++) {
            int vcpus = results.get(c).get("vcpus").intValue();
            JsonNode topology = results.get(c).get("topology");
            int instances = dev.podium.topology.Topology.instances(topology == null ? null : topology.textValue());
            if (instances > vcpus) {
                errors.add(new FieldError(
                        "results[" + c + "].topology",
                        "nginx-" + instances + " needs at least " + instances + " vCPUs (vcpus is the total of the"
                                + " instances', at least one each), got " + vcpus));
            }
            JsonNode repeats = results.get(c).get("repeats");
            for (int r = 0; r < repeats.size() && errors.size() < MAX_ERRORS; r++) {
                String at = "results[" + c + "].repeats[" + r + "].usage.";
                JsonNode usage = repeats.get(r).get("usage");
                double wall = usage.get("wallSeconds").doubleValue();
                double target = usage.get("targetCpuUserSeconds").doubleValue()
                        + usage.get("targetCpuSystemSeconds").doubleValue();
                cpuWithin(errors, at + "targetCpuUserSeconds", "user + system CPU ", target, "", vcpus, wall);
                double generator = usage.get("generatorCpuSeconds").doubleValue();
                cpuWithin(errors, at + "generatorCpuSeconds", "", generator, "the host's ", hostVcpus, wall);
                double balancer = usage.path("balancerCpuUserSeconds").asDouble(0)
                        + usage.path("balancerCpuSystemSeconds").asDouble(0);
                cpuWithin(
                        errors,
                        at + "balancerCpuUserSeconds",
                        "user + system CPU ",
                        balancer,
                        "the host's ",
                        hostVcpus,
                        wall);
                long mean = usage.get("targetRssMeanBytes").longValue();
                long peak = usage.get("targetRssPeakBytes").longValue();
                if (peak < mean) {
                    errors.add(new FieldError(
                            at + "targetRssPeakBytes",
                            "must not be below targetRssMeanBytes (" + peak + " < " + mean + ")"));
                }
            }
        }
    }

    /**
     * An error at {@code field} when {@code used} CPU seconds are more than {@code vcpus} CPUs could give in {@code wall}
     * seconds (with the allowed clock skew and slack); the message reads "{what}N s is more than {whose}K vCPUs ...".
     */
    private static void cpuWithin(
            List<FieldError> errors, String field, String what, double used, String whose, int vcpus, double wall) {
        double limit = wall * vcpus * CPU_SKEW + CPU_SLACK_SECONDS;
        if (used > limit) {
            errors.add(new FieldError(
                    field,
                    String.format(
                            java.util.Locale.ROOT,
                            "%s%.3f s is more than %s%d vCPUs can give in %.3f s (at most %.3f s)",
                            what,
                            used,
                            whose,
                            vcpus,
                            wall,
                            limit)));
        }
    }

    /**
     * A cell's JVM starts (schema/README.md, "forks"): when one repeat names its start, every repeat does, the first is
     * start 0 and each next repeat is of the same start or the next one (in start order, no gap).
     */
    private static void forkRules(JsonNode run, List<FieldError> errors) {
        JsonNode results = run.get("results");
        for (int c = 0; c < results.size() && errors.size() < MAX_ERRORS; c++) {
            JsonNode repeats = results.get(c).get("repeats");
            boolean named = false;
            for (JsonNode r : repeats) {
                named |= r.has("fork");
            }
            int previous = -1;
            for (int r = 0; named && r < repeats.size(); r++) {
                JsonNode fork = repeats.get(r).get("fork");
                String at = "results[" + c + "].repeats[" + r + "].fork";
                if (fork == null) {
                    errors.add(new FieldError(at, "missing: another repeat of this cell names its JVM start"));
                    break;
                }
                int f = fork.intValue();
                if (f != Math.max(previous, 0) && f != previous + 1) {
                    errors.add(new FieldError(
                            at,
                            "JVM starts are numbered from 0 in order without a gap: " + f + " after "
                                    + (previous < 0 ? "none" : previous)));
                    break;
                }
                previous = f;
            }
        }
    }

    /** The payload field a schema message is about, in schema/README.md's notation. */
    static String field(ValidationMessage message) {
        String at = path(message.getInstanceLocation());
        String property = message.getProperty();
        String type = message.getType();
        if (property != null
                && ("required".equals(type)
                        || "additionalProperties".equals(type)
                        || "dependentRequired".equals(type)
                        || "unevaluatedProperties".equals(type))) {
            return at.isEmpty() ? property : at + "." + property;
        }
        if ("not".equals(type)) {
            // {"not": {"required": ["targetRate"]}}: the field present where it must not be
            JsonNode node = message.getSchemaNode();
            JsonNode required = node == null
                    ? null
                    : node.has("required")
                            ? node.get("required")
                            : node.path("not").get("required");
            if (required != null && required.isArray() && required.size() == 1) {
                String name = required.get(0).asText();
                return at.isEmpty() ? name : at + "." + name;
            }
        }
        return at;
    }

    /** The validator's message without the JSON-pointer prefix it starts with ("/results/0: must ..."). */
    private static String text(ValidationMessage message) {
        String text = message.getMessage();
        int colon = text.indexOf(": ");
        return text.startsWith("/") || text.startsWith("$") ? text.substring(colon + 2) : text;
    }

    private static String path(JsonNodePath location) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < location.getNameCount(); i++) {
            Object element = location.getElement(i);
            if (element instanceof Integer index) {
                out.append('[').append(index).append(']');
            } else {
                if (!out.isEmpty()) {
                    out.append('.');
                }
                out.append(element);
            }
        }
        return out.toString();
    }

    private static void addOnce(List<FieldError> errors, FieldError error) {
        for (FieldError known : errors) {
            if (known.field().equals(error.field())) {
                return;
            }
        }
        errors.add(error);
    }
}
