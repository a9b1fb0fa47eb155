package dev.podium.openapi;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.smallrye.openapi.OpenApiFilter;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.MediaType;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;

/**
 * The answers' examples, kept as data in {@value #FILE} ({@code "GET /api/latency" -> status -> media type -> name ->
 * value}) rather than as text in the endpoints' annotations, and put into the document when it is built (so
 * schema/openapi.json carries them). An example for an operation, status or media type the document lacks stops the
 * build, naming it: an endpoint renamed or a media type dropped does not lose its example silently. OpenApiDocumentTest
 * checks every JSON example against its schema.
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
public class ResponseExamples implements OASFilter {

    static final String FILE = "openapi/examples.json";

    private static final TypeReference<Map<String, Map<String, Map<String, Map<String, Object>>>>> SHAPE =
            new TypeReference<>() {};

    @Override
    public void filterOpenAPI(OpenAPI api) {
        read().forEach((operation, byStatus) -> byStatus.forEach((status, byType) -> {
            APIResponse response = response(api, operation, status);
            byType.forEach((type, examples) -> {
                MediaType media = response.getContent() == null
                        ? null
                        : response.getContent().getMediaType(type);
                if (media == null) {
                    throw new IllegalStateException(
                            FILE + ": " + operation + " answers " + status + " without " + type);
                }
                examples.forEach((name, value) ->
                        media.addExample(name, OASFactory.createExample().value(value)));
            });
        }));
    }

    private static APIResponse response(OpenAPI api, String operation, String status) {
        String[] methodAndPath = operation.split(" ", 2);
        PathItem item = api.getPaths() == null ? null : api.getPaths().getPathItem(methodAndPath[1]);
        Operation op = item == null ? null : item.getOperations().get(PathItem.HttpMethod.valueOf(methodAndPath[0]));
        APIResponse response = op == null || op.getResponses() == null
                ? null
                : op.getResponses().getAPIResponse(status);
        if (response == null) {
            throw new IllegalStateException(FILE + ": no " + status + " answer of " + operation + " in the document");
        }
        return response;
    }

    private static Map<String, Map<String, Map<String, Map<String, Object>>>> read() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        try (InputStream in =
                (loader == null ? ResponseExamples.class.getClassLoader() : loader).getResourceAsStream(FILE)) {
            if (in == null) {
                throw new IllegalStateException(FILE + " is not on the class path");
            }
            return new ObjectMapper().readValue(in, SHAPE);
        } catch (IOException e) {
            throw new UncheckedIOException(FILE + " is not readable JSON", e);
        }
    }
}
