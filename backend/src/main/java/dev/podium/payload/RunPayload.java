package dev.podium.payload;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A run payload (schema/run.schema.json and run.v2.schema.json) as typed records, bound from the tree the schema has
 * validated: a component per schema property, named as the property, boxed where a version may leave it out (null
 * then). The figures a repeat carries are not components: they are the declared figures (figure.Figure), collected by
 * name. Subtrees stored verbatim as JSON (warm-up windows, the cost ladder) stay trees. PayloadSchemaTest holds these
 * records against both schemas, property by property.
 */
public record RunPayload(
        int schemaVersion,
        UUID runId,
        OffsetDateTime startedAt,
        OffsetDateTime finishedAt,
        Agent agent,
        Suite suite,
        LoadGenerator loadGenerator,
        Host host,
        Jvm jvm,
        List<CellPayload> results,
        CompanionServer database,
        CompanionServer balancer,
        Part part) {

    // a property the records do not name fails the binding (a schema that gained one the records lack), except where a
    // record collects the declared figures by name
    private static final ObjectMapper BINDING = JsonMapper.builder()
            .addModule(new JavaTimeModule())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    /** The records of a payload its schema has validated. */
    public static RunPayload bind(JsonNode validated) {
        try {
            return BINDING.treeToValue(validated, RunPayload.class);
        } catch (JsonProcessingException e) {
            // the schema validated this tree: a failure here is a schema and records that disagree, not bad input
            throw new IllegalStateException("a validated payload does not bind to its records: " + e.getMessage(), e);
        }
    }

    public record Agent(String version) {}

    public record Suite(String name, String version, String commit, String profile) {}

    public record LoadGenerator(String tool, String version, String openLoopTool, String openLoopVersion) {}

    public record Host(
            String hostname,
            String cpuModel,
            int vcpus,
            long memoryBytes,
            String os,
            String kernel,
            String arch,
            String virtualization,
            String serverCpus,
            String loadGeneratorCpus,
            Map<String, Object> settings) {}

    public record Jvm(String vendor, String version, String vmName, String gc, List<String> flags) {}

    /** The part block of a run sent in parts (v2). */
    public record Part(UUID runId, int index, List<Map<String, Object>> planned, List<Map<String, Object>> targets) {}
}
