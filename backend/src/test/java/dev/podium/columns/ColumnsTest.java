package dev.podium.columns;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.greaterThan;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.V2Payloads;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The leaderboard's columns are described once: the CSV the service writes is headed by the described columns in
 * their order, and each description's field names a value of the JSON answer, as the site reads it for its download.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class ColumnsTest extends EmptyDatabaseTest {

    private static final String RUN = "7f4e1c69-3a5d-4b8c-8e2f-9d1a3b4c5e06";

    @BeforeEach
    void reset() {
        // with every declared figure (figure.Figure: allocation and GC among them) on every repeat of every cell, so
        // that every described field (gc's and figures' too) has a value to find
        Api.store(V2Payloads.envelope(V2Payloads.withEveryFigure(V2Payloads.full(RUN))));
    }

    @Test
    void the_csv_and_the_json_follow_the_described_columns() throws Exception {
        JsonNode described = new ObjectMapper()
                .readTree(Api.ok("/api/columns/leaderboard").extract().asString());
        List<String> csvNames = new ArrayList<>();
        for (JsonNode c : described) {
            csvNames.add(c.get("csv").asText());
            assertFalse(c.get("label").asText().isBlank(), c.toString());
            assertFalse(c.get("description").asText().isBlank(), c.toString());
        }
        String csv = Api.ok("/api/leaderboard?scenario=plaintext&format=csv")
                .extract()
                .asString();
        List<String> lines = csv.lines().toList();
        assertEquals(String.join(",", csvNames), lines.get(0));
        // the site's order (a reader's figures first), as its download was before it read this description
        assertTrue(lines.get(0).startsWith("rank,rank_high,tied,framework,framework_version,io_model,sla_throughput,"));
        assertEquals(1, csvNames.stream().filter("rank"::equals).count(), "one rank column");

        JsonNode board = new ObjectMapper()
                .readTree(
                        Api.ok("/api/leaderboard?scenario=plaintext").extract().asString());
        JsonNode row = board.get("rows").get(0);
        for (JsonNode c : described) {
            String field = c.get("field").asText();
            JsonNode from = field.startsWith("rows[].") ? row : board;
            String path = field.startsWith("rows[].") ? field.substring("rows[].".length()) : field;
            JsonNode v = from;
            for (String step : path.split("\\[\\]\\.")[0].split("\\.")) {
                v = v.get(step);
                assertTrue(v != null, c.get("name").asText() + ": " + field + " is not in the answer");
            }
        }
    }

    @Test
    void the_run_cells_and_the_history_follow_their_described_columns() throws Exception {
        // the headers as they were listed by hand before they were described (the same CSV), with the JVM starts the
        // forks change added to both, the JVM mode and a cost cell's achieved rate and ladder to the cells
        assertEquals(
                "id,ordinal,framework,framework_version,io_model,scenario,load_model,connections,target_rate,delay_ms,"
                        + "vcpus,duration_seconds,warmup_seconds,baseline,flags,repeat_count,rps_trimmed_mean,rps_median,"
                        + "rps_mean,rps_stddev,rps_ci_low,rps_ci_high,error_rate,p50_median,p90_median,p99_median,"
                        + "over_error_limit,rps_cv,noisy,requests_per_cpu_second,requests_per_cpu_second_ci_low,"
                        + "requests_per_cpu_second_ci_high,requests_per_cpu_second_repeats,rps_per_vcpu,"
                        + "rps_per_vcpu_ci_low,rps_per_vcpu_ci_high,rps_per_vcpu_repeats,rss_mb_per_krps,"
                        + "rss_mb_per_krps_ci_low,rss_mb_per_krps_ci_high,rss_mb_per_krps_repeats,cpus,"
                        + "startup_first_response_ms,startup_idle_rss_bytes,db_client,db_pool,target_cpu_seconds,"
                        + "database_cpu_seconds,balancer_cpu_seconds,time_to_peak_seconds,allocated_bytes_per_request,"
                        + "allocated_bytes_per_request_ci_low,allocated_bytes_per_request_ci_high,"
                        + "allocated_bytes_per_request_repeats,minor_faults_per_request,minor_faults_per_request_ci_low,"
                        + "minor_faults_per_request_ci_high,minor_faults_per_request_repeats,"
                        + "gc_count,gc_seconds,gc_cpu_share,gc_pause_max_ms,forks,"
                        + "rps_fork_cv,jvm_mode,jvm_mode_flags,aot_training_seconds,aot_cache_bytes,achieved_rate,"
                        + "cost_ladder_rates,cost_ladder_capacity,cost_ladder_share,topology",
                followed("cells", "/api/runs/" + RUN + "/cells"));
        assertEquals(
                "host_class,vcpus,framework,io_model,run_id,started_at,cell_id,throughput,ci_low,ci_high,connections,"
                        + "framework_version,jvm_vendor,jvm_version,regression,regression_detail,scenario,load_model,flags,"
                        + "forks",
                followed("history", "/api/history?scenario=plaintext&framework=Vert.x Web"));
    }

    /**
     * The CSV header of {@code answer} once it is checked to be the described columns', each description's field
     * found in the JSON answer (in the first item of each list on its path, up to a null: a figure the cell has not).
     */
    private static String followed(String table, String answer) throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode described = json.readTree(given().get("/api/columns/" + table)
                .then()
                .statusCode(200)
                .extract()
                .asString());
        JsonNode body = json.readTree(
                given().get(answer).then().statusCode(200).extract().asString());
        List<String> csvNames = new ArrayList<>();
        for (JsonNode c : described) {
            csvNames.add(c.get("csv").asText());
            assertFalse(c.get("label").asText().isBlank(), c.toString());
            JsonNode v = body;
            for (String step : c.get("field").asText().split("\\.")) {
                if (v.isNull() || step.contains(":")) {
                    break; // a figure the item has not, or the items of a list joined
                }
                v = v.get(step.replace("[]", ""));
                assertTrue(v != null, table + " " + c.get("name").asText() + ": " + c.get("field") + " is not in it");
                v = step.endsWith("[]") ? v.get(0) : v;
            }
        }
        String csv = given().get(answer + (answer.contains("?") ? "&" : "?") + "format=csv")
                .then()
                .statusCode(200)
                .extract()
                .asString();
        String header = csv.lines().findFirst().orElseThrow();
        assertEquals(String.join(",", csvNames), header);
        return header;
    }

    @Test
    void the_description_goes_gzipped_to_a_client_that_takes_gzip_as_every_read_answer() {
        for (String table : new String[] {"leaderboard", "history", "cells"}) {
            given().header("Accept-Encoding", "gzip")
                    .get("/api/columns/" + table)
                    .then()
                    .statusCode(200)
                    .header("Content-Encoding", "gzip")
                    .header("Vary", "Accept-Encoding")
                    .body("size()", greaterThan(3));
        }
    }

    @Test
    void an_unknown_table_is_404_naming_the_field() {
        given().get("/api/columns/colours").then().spec(Api.problem(404, "table"));
    }
}
