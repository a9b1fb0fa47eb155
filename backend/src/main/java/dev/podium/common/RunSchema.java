package dev.podium.common;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Set;

/** The run schema the service validates payloads with (on the classpath): its lists, read once rather than copied. */
public final class RunSchema {

    /** schema/run.v2.schema.json, as packaged. */
    public static final String V2_RESOURCE = "schema/run.v2.schema.json";

    public static final Set<String> SCENARIOS = cellEnum("scenario");
    public static final Set<String> LOAD_MODELS = cellEnum("loadModel");
    public static final Set<String> IO_MODELS = cellEnum("ioModel");

    private RunSchema() {}

    /** The enum of a cell property in the run schema, in the schema's order. */
    public static Set<String> cellEnum(String property) {
        try (InputStream in = RunSchema.class.getClassLoader().getResourceAsStream(V2_RESOURCE)) {
            JsonNode values = new ObjectMapper().readTree(in).at("/$defs/cell/properties/" + property + "/enum");
            if (!values.isArray() || values.isEmpty()) {
                throw new IllegalStateException("the run schema has no enum for cell." + property);
            }
            Set<String> out = new LinkedHashSet<>();
            values.forEach(v -> out.add(v.asText()));
            return Collections.unmodifiableSet(out);
        } catch (IOException e) {
            throw new UncheckedIOException("read the run schema", e);
        }
    }
}
