package dev.podium.openapi;

import dev.podium.read.Csv;
import io.quarkus.smallrye.openapi.OpenApiFilter;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.media.MediaType;
import org.eclipse.microprofile.openapi.models.media.Schema;

/**
 * A CSV answer is text, one row per line under a header (read's {@code Csv}), whatever the JSON answer of the same
 * endpoint is: an endpoint declares its JSON answer once ({@code @APIResponseSchema}) and this filter gives the CSV
 * media type beside it a string schema instead of the JSON object's.
 */
@OpenApiFilter(OpenApiFilter.RunStage.BUILD)
public class CsvAnswers implements OASFilter {

    @Override
    public void filterOpenAPI(org.eclipse.microprofile.openapi.models.OpenAPI api) {
        if (api.getPaths() == null) {
            return;
        }
        api.getPaths().getPathItems().values().stream()
                .flatMap(item -> item.getOperations().values().stream())
                .filter(op -> op.getResponses() != null)
                .flatMap(op -> op.getResponses().getAPIResponses().values().stream())
                .filter(response -> response.getContent() != null)
                .map(response -> response.getContent().getMediaType(Csv.MEDIA_TYPE))
                .filter(media -> media != null)
                .forEach(CsvAnswers::text);
    }

    private static void text(MediaType csv) {
        csv.setSchema(OASFactory.createSchema().addType(Schema.SchemaType.STRING));
    }
}
