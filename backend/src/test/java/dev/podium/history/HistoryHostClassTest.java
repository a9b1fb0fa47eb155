package dev.podium.history;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.podium.leaderboard.SignedRuns;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.SeededOnceTest;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A history reads the cells of the series its filters name (V30's series_points), not every cell of the target: one
 * framework measured on two host classes, at 2 and 4 vCPUs on the first. Each filter picks exactly the runs measured
 * there, and a filter no run matches gives no series.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class HistoryHostClassTest extends SeededOnceTest {

    static final String PREFIX = "00000000-0000-4000-8000-0000000044";
    static final String OTHER_CPU = "Other CPU @ 2.00GHz";
    static final String OTHER_CLASS = OTHER_CPU + " · 4 vCPU · 16 GiB";

    HistoryHostClassTest() {
        super(4, PREFIX + "04", () -> {
            SignedRuns.run(PREFIX + "01", "2026-11-01T08:00:00Z")
                    .cell("Hostly", "1.0", "non-blocking", "json", 256, 2, false, 2, 0, SignedRuns.around(10_000))
                    .cell("Hostly", "1.0", "non-blocking", "json", 256, 4, false, 2, 0, SignedRuns.around(19_000))
                    .store();
            SignedRuns.run(PREFIX + "02", "2026-11-02T08:00:00Z")
                    .cell("Hostly", "1.0", "non-blocking", "json", 256, 2, false, 2, 0, SignedRuns.around(11_000))
                    .store();
            SignedRuns.run(PREFIX + "03", "2026-11-03T08:00:00Z")
                    .cpu(OTHER_CPU)
                    .cell("Hostly", "1.0", "non-blocking", "json", 256, 2, false, 2, 0, SignedRuns.around(30_000))
                    .store();
            SignedRuns.run(PREFIX + "04", "2026-11-04T08:00:00Z")
                    .cpu(OTHER_CPU)
                    .cell("Hostly", "1.0", "non-blocking", "json", 256, 2, false, 2, 0, SignedRuns.around(31_000))
                    .store();
        });
    }

    private static JsonPath history(String filters) {
        return Api.json("/api/history?scenario=json&framework=Hostly" + filters);
    }

    private static String hostClass(String hostClass) {
        return "&hostClass=" + hostClass; // encoded by RestAssured
    }

    @Test
    void every_host_class_and_vcpu_count_is_a_series_of_its_own_runs() {
        JsonPath h = history("");
        assertEquals(3, h.getList("series").size());
        List<List<Double>> figures = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            figures.add(h.getList("series[" + i + "].points.throughput", Double.class));
        }
        figures.sort(Comparator.comparing(points -> points.get(0)));
        assertEquals(List.of(List.of(10_000.0, 11_000.0), List.of(19_000.0), List.of(30_000.0, 31_000.0)), figures);
    }

    @Test
    void a_host_class_and_vcpu_count_give_that_series_alone() {
        JsonPath h = history(hostClass(SignedRuns.HOST_CLASS) + "&vcpus=2");
        assertEquals(1, h.getList("series").size());
        assertEquals(SignedRuns.HOST_CLASS, h.getString("series[0].hostClass"));
        assertEquals(List.of(PREFIX + "01", PREFIX + "02"), h.getList("series[0].points.runId"));

        JsonPath other = history(hostClass(OTHER_CLASS));
        assertEquals(1, other.getList("series").size());
        assertEquals(List.of(PREFIX + "03", PREFIX + "04"), other.getList("series[0].points.runId"));
        assertEquals(List.of(30_000.0, 31_000.0), other.getList("series[0].points.throughput", Double.class));
    }

    @Test
    void a_filter_no_run_matches_gives_no_series() {
        assertEquals(
                0,
                history(hostClass(OTHER_CLASS) + "&vcpus=4").getList("series").size());
        assertEquals(
                0,
                history(hostClass(SignedRuns.HOST_CLASS) + "&connections=64")
                        .getList("series")
                        .size());
        assertEquals(0, history("&jvmMode=aot-cache").getList("series").size());
    }
}
