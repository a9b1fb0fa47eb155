package dev.podium.openapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every JSON example of schema/openapi.json (put there from openapi/examples.json by ResponseExamples) is an answer the
 * endpoint could give: it passes the answer's schema with no property the schema does not declare, so an example
 * cannot keep a field the API renamed or dropped. OpenApiDocumentTest checks that the document is the served one.
 */
class ResponseExamplesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyJsonExampleFitsItsSchema() throws IOException {
        JsonNode document = JSON.readTree(Files.readString(OpenApiDocumentTest.COMMITTED));
        List<String> checked = new ArrayList<>();
        List<String> wrong = new ArrayList<>();
        forEachJsonExample(document, (where, schema, example) -> {
            checked.add(where);
            problems(document, schema, example).forEach(p -> wrong.add(where + ": " + p));
        });
        assertEquals(List.of(), wrong, "examples that do not fit their answer's schema");
        assertTrue(checked.size() >= 10, "JSON examples checked: " + checked);
    }

    @Test
    void aStaleExampleIsCaught() throws IOException {
        JsonNode document = JSON.readTree(Files.readString(OpenApiDocumentTest.COMMITTED));
        JsonNode scaling = document.at("/paths/~1api~1scaling/get/responses/200/content/application~1json");
        ObjectNode renamed = (ObjectNode) scaling.at("/examples/netty/value").deepCopy();
        renamed.set("cpu", renamed.remove("cpuModel"));
        ObjectNode mistyped = (ObjectNode) scaling.at("/examples/netty/value").deepCopy();
        mistyped.put("scenario", 1);

        assertFalse(problems(document, scaling.get("schema"), renamed).isEmpty(), "a renamed field passes");
        assertFalse(problems(document, scaling.get("schema"), mistyped).isEmpty(), "a mistyped field passes");
        assertEquals(Set.of(), problems(document, scaling.get("schema"), scaling.at("/examples/netty/value")));
    }

    private interface ExampleVisitor {
        void visit(String where, JsonNode schema, JsonNode example);
    }

    private static void forEachJsonExample(JsonNode document, ExampleVisitor visitor) {
        document.get("paths")
                .properties()
                .forEach(path -> path.getValue()
                        .properties()
                        .forEach(op -> op.getValue()
                                .path("responses")
                                .properties()
                                .forEach(response -> response.getValue().path("content").properties().stream()
                                        .filter(media -> media.getKey().endsWith("json"))
                                        .forEach(media -> media.getValue()
                                                .path("examples")
                                                .properties()
                                                .forEach(example -> {
                                                    String where = op.getKey().toUpperCase() + " " + path.getKey() + " "
                                                            + response.getKey() + " " + example.getKey();
                                                    visitor.visit(
                                                            where,
                                                            media.getValue().get("schema"),
                                                            example.getValue().get("value"));
                                                })))));
    }

    /** The schema's complaints, with every object schema of the document closed to undeclared properties. */
    private static Set<String> problems(JsonNode document, JsonNode schema, JsonNode example) {
        ObjectNode root = schema == null ? JSON.createObjectNode() : (ObjectNode) schema.deepCopy();
        root.set("components", closed(document.get("components").deepCopy()));
        Set<ValidationMessage> messages = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                .getSchema(root)
                .validate(example);
        Set<String> out = new java.util.TreeSet<>();
        messages.forEach(m -> out.add(m.getMessage()));
        return out;
    }

    private static JsonNode closed(JsonNode node) {
        if (node instanceof ObjectNode object) {
            if (object.has("properties") && !object.has("additionalProperties")) {
                object.put("additionalProperties", false);
            }
            for (Map.Entry<String, JsonNode> child : object.properties()) {
                closed(child.getValue());
            }
        } else if (node.isArray()) {
            node.forEach(ResponseExamplesTest::closed);
        }
        return node;
    }
}
