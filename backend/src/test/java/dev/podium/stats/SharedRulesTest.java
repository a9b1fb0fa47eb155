package dev.podium.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.read.Csv;
import dev.podium.read.QueryParams;
import dev.podium.run.Cell;
import dev.podium.run.CellStatsColumns;
import dev.podium.run.Repeat;
import dev.podium.testing.TestVectors;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules defined once for the agent, the service and the site, against schema/testdata/rules (also read by Go and vitest). */
class SharedRulesTest {

    @Test
    void the_error_rate_and_its_flag_are_the_shared_vectors() {
        JsonNode cases = TestVectors.read("rules/error-rate.json");
        assertTrue(cases.size() >= 5);
        for (JsonNode c : cases) {
            Cell cell = new Cell();
            cell.vcpus = 1;
            for (JsonNode r : c.get("repeats")) {
                Repeat repeat = new Repeat();
                repeat.requests = r.get("requests").asLong();
                JsonNode e = r.get("errors");
                repeat.errorsConnect = e.get("connect").asLong();
                repeat.errorsRead = e.get("read").asLong();
                repeat.errorsWrite = e.get("write").asLong();
                repeat.errorsTimeout = e.get("timeout").asLong();
                repeat.errorsStatus = e.get("status").asLong();
                cell.repeats.add(repeat);
            }
            CellStatsColumns.fill(cell); // the ingest path
            String about = c.get("about").asText();
            assertEquals(c.get("errorRate").asDouble(), cell.stats.errorRate(), 1e-12, about);
            assertEquals(c.get("highErrorRate").asBoolean(), cell.stats.overErrorLimit(), about);
        }
    }

    @Test
    void the_migration_calculator_is_the_shared_vectors() {
        JsonNode cases = TestVectors.read("rules/calculator.json");
        for (JsonNode c : cases) {
            String about = c.get("about").asText();
            List<MigrationCalculator.Api> apis = new ArrayList<>();
            c.get("apis")
                    .forEach(a -> apis.add(new MigrationCalculator.Api(
                            a.get("current").asDouble(), a.get("required").asDouble())));
            int servers = c.get("servers").asInt();
            double ratio = c.get("ratio").asDouble();
            if (c.path("refused").asBoolean()) {
                assertThrows(
                        IllegalArgumentException.class, () -> MigrationCalculator.compute(servers, ratio, apis), about);
                continue;
            }
            MigrationCalculator.Result result = MigrationCalculator.compute(servers, ratio, apis);
            long without = 0;
            long with = 0;
            for (int i = 0; i < apis.size(); i++) {
                JsonNode want = c.get("plans").get(i);
                MigrationCalculator.ApiResult got = result.apis().get(i);
                assertEquals(want.get("perServerToday").asDouble(), got.perServerToday(), 1e-9, about);
                assertEquals(want.get("perServerAfter").asDouble(), got.perServerAfter(), 1e-9, about);
                assertEquals(want.get("systemAfter").asDouble(), got.systemAfter(), 1e-9, about);
                assertEquals(want.get("serversToAddWithout").asLong(), got.serversToAddWithout(), about);
                assertEquals(want.get("serversToAddWith").asLong(), got.serversToAddWith(), about);
                assertEquals(want.get("serversSaved").asLong(), got.serversSaved(), about);
                without += got.serversToAddWithout();
                with += got.serversToAddWith();
            }
            assertEquals(new MigrationCalculator.Totals(without, with, without - with), result.totals(), about);
        }
    }

    @Test
    void the_csv_dialect_is_the_shared_vector() {
        JsonNode v = TestVectors.read("rules/csv.json");
        ObjectMapper json = new ObjectMapper();
        List<String> header = json.convertValue(v.get("header"), new TypeReference<List<String>>() {});
        List<List<Object>> rows = json.convertValue(v.get("rows"), new TypeReference<List<List<Object>>>() {});
        assertEquals(v.get("csv").asText(), Csv.table(header, rows));
    }

    @Test
    void the_read_api_takes_the_run_schemas_scenarios_io_models_and_load_models() throws Exception {
        JsonNode cell = new ObjectMapper()
                .readTree(java.nio.file.Path.of("..", "schema", "run.v2.schema.json")
                        .toFile())
                .at("/$defs/cell/properties");
        ObjectMapper json = new ObjectMapper();
        TypeReference<List<String>> strings = new TypeReference<>() {};
        assertEquals(json.convertValue(cell.at("/scenario/enum"), strings), List.copyOf(QueryParams.SCENARIOS));
        assertEquals(json.convertValue(cell.at("/ioModel/enum"), strings), List.copyOf(QueryParams.IO_MODELS));
        assertEquals(json.convertValue(cell.at("/loadModel/enum"), strings), List.copyOf(QueryParams.LOAD_MODELS));
    }
}
