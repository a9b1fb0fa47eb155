package dev.podium.companion;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.TestVectors;
import dev.podium.testing.V2Payloads;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The benchmark database and the balancer of a signed v2 run, each db cell's client and pool and the CPU seconds of the
 * target, the database and the balancer come back through the API (run detail, run cells JSON and CSV) from their own
 * columns; a run stored before V16 gets the same figures from its stored envelope at start.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class CompanionFiguresTest extends EmptyDatabaseTest {

    private static final String RUN = "7e1f0c52-3a4b-4c5d-8e6f-0a1b2c3d4e5f";

    @Inject
    CompanionBackfill backfill;

    /**
     * The v2 test run with results[0] (3 repeats of 27 CPU-s) as a db cell whose database used 4 + 1.5 s per repeat, and
     * results[1] (5 repeats) as nginx-2 whose balancer used 1.5 + 0.5 s per repeat; with its database and balancer.
     */
    static ObjectNode withCompanions(String runId) {
        ObjectNode run = V2Payloads.dbCell(V2Payloads.full(runId), 0, 4.0, 1.5);
        V2Payloads.balancedCell(run, 1, "nginx-2", 1.5, 0.5);
        V2Payloads.companion(run, "database", "PostgreSQL", "16.4", "3")
                .put("max_connections", "200")
                .put("shared_buffers", "128MB");
        V2Payloads.companion(run, "balancer", "nginx", "1.26.0", "2-3")
                .put("worker_processes", "1")
                .put("cpus_shared_with", "load generator");
        return run;
    }

    @Test
    void a_runs_database_and_balancer_figures_come_back_through_the_api() {
        Api.store(V2Payloads.envelope(withCompanions(RUN)));
        Api.okDoubles("/api/runs/" + RUN)
                .body("database.server", equalTo("PostgreSQL"))
                .body("database.version", equalTo("16.4"))
                .body("database.cpus", equalTo("3"))
                .body("database.settings.shared_buffers", equalTo("128MB"))
                .body("balancer.server", equalTo("nginx"))
                .body("balancer.cpus", equalTo("2-3"))
                .body("balancer.settings.cpus_shared_with", equalTo("load generator"))
                .body("cells[0].database.client", equalTo("PostgreSQL JDBC + HikariCP"))
                .body("cells[0].database.pool", equalTo(16))
                .body("cells[0].cpuSeconds.target", equalTo(81.0))
                .body("cells[0].cpuSeconds.database", equalTo(16.5))
                .body("cells[0].cpuSeconds.balancer", nullValue())
                .body("cells[0].repeats.usage.databaseCpuUserSeconds", everyItem(equalTo(4.0)))
                .body("cells[0].repeats.usage.databaseCpuSystemSeconds", everyItem(equalTo(1.5)))
                .body("cells[1].database", nullValue())
                .body("cells[1].cpuSeconds.target", equalTo(135.0))
                .body("cells[1].cpuSeconds.database", nullValue())
                .body("cells[1].cpuSeconds.balancer", equalTo(10.0))
                .body("cells[1].repeats.usage.databaseCpuUserSeconds", everyItem(nullValue()));
        Api.okDoubles("/api/runs/" + RUN + "/cells")
                .body("items[0].database.client", equalTo("PostgreSQL JDBC + HikariCP"))
                .body("items[0].cpuSeconds.database", equalTo(16.5))
                .body("items[1].cpuSeconds.balancer", equalTo(10.0))
                .body("items[3].cpuSeconds.target", equalTo(81.0));
        String csv = Api.ok("/api/runs/" + RUN + "/cells?format=csv")
                .body(containsString(
                        ",db_client,db_pool,target_cpu_seconds,database_cpu_seconds,balancer_cpu_seconds,"))
                .body(containsString(",topology\r\n"))
                .extract()
                .asString();
        String[] lines = csv.split("\r\n");
        List<String> header = List.of(lines[0].split(",", -1));
        List<String> names = List.of(
                "db_client",
                "db_pool",
                "target_cpu_seconds",
                "database_cpu_seconds",
                "balancer_cpu_seconds",
                "topology");
        assertEquals("PostgreSQL JDBC + HikariCP,16,81.0,16.5,,single", columns(lines[1], header, names));
        assertEquals(",,135.0,,10.0,nginx-2", columns(lines[2], header, names));
    }

    @Test
    void a_run_stored_before_v16_is_filled_from_its_envelope_and_shows_the_same() throws Exception {
        Api.store(V2Payloads.envelope(withCompanions(RUN)));
        Api.store(TestVectors.envelope("full"));
        String asIngested = Api.ok("/api/runs/" + RUN).extract().asString();
        // the run as the service before V16 left it: nothing in the new columns, listed by the migration's own
        // statement
        rows.execute("update runs set database_server = null, database_version = null, database_cpus = null,"
                + " database_settings = null, balancer_server = null, balancer_version = null, balancer_cpus = null,"
                + " balancer_settings = null");
        rows.execute("update cells set db_client = null, db_pool = null, target_cpu_seconds = null,"
                + " database_cpu_seconds = null, balancer_cpu_seconds = null");
        rows.execute("update repeats set database_cpu_user_seconds = null, database_cpu_system_seconds = null");
        rows.execute(migrationListingTheRuns());
        String before = Api.ok("/api/runs/" + RUN).extract().asString();
        assertNotEquals(asIngested, before, "the figures were cleared");

        assertEquals(1, backfill.run(), "the v2 run is filled, the v1 run was not listed");
        assertEquals(
                asIngested, given().get("/api/runs/" + RUN).then().extract().asString());
        assertEquals(0, backfill.run(), "nothing is left to do");
    }

    /** V16's statement that lists the runs to fill (its last one). */
    private static String migrationListingTheRuns() throws Exception {
        String sql = Files.readString(Path.of("..", "schema", "migrations", "V16__companion_figures.sql"));
        String last = sql.substring(sql.lastIndexOf("insert into companion_backfill"));
        return last.substring(0, last.indexOf(';'));
    }

    /** The values of the named columns of one CSV line (no quoted commas in these rows), joined by commas. */
    private static String columns(String line, List<String> header, List<String> names) {
        String[] values = line.split(",", -1);
        return String.join(
                ",", names.stream().map(n -> values[header.indexOf(n)]).toList());
    }
}
