package dev.podium.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.read.Csv;
import dev.podium.testing.EmbeddedPostgresResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The API's JSON and CSV write figures without floating-point noise, and keep tiny p-values and exact ones. */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class FiguresTest {

    @Inject
    ObjectMapper mapper;

    record Row(double throughput, Double pValue, Double missing) {}

    @Test
    void theApiMapperRoundsFloatingPointNoiseAway() throws Exception {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("row", new Row(111889.72000000002, 6.8e-12, null));
        body.put("ratio", 0.30000000000000004);
        body.put("exact", 50500.0);
        assertEquals(
                "{\"row\":{\"throughput\":111889.72,\"pValue\":6.8E-12,\"missing\":null},\"ratio\":0.3,\"exact\":50500.0}",
                mapper.writeValueAsString(body));
    }

    @Test
    void csvWritesTheSameFigures() {
        String csv =
                Csv.table(List.of("throughput", "trimmed"), List.of(List.of(111889.72000000002, 78836.83333333333)));
        assertEquals("throughput,trimmed\r\n111889.72,78836.83333333\r\n", csv);
    }
}
