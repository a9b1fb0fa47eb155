package dev.podium.run;

import static dev.podium.testing.TestVectors.V2_MINIMAL_ID;
import static org.hamcrest.Matchers.closeTo;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.TestVectors;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * The host on record per repeat (issue 39 item 3; schema/testdata payloads/valid/v2-host-share.json, a run on JDK 21):
 * each repeat's steal share, the target's CPU share and the tries discarded for steal are stored (V26) and served on
 * the run, null for a repeat that carries none; the cells keep their flags host-interference and jdk-lacks-counters,
 * and a JDK 21 cell's GC figures stand without the GC CPU share. A steal share above 1 is refused naming the field.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class HostShareIngestTest extends EmptyDatabaseTest {

    private static final String HOST_SHARE_RUN = "5d0c7e21-8f3a-4b6c-9d2e-1a3b5c7d9e40";

    @Test
    void each_repeat_keeps_its_steal_and_cpu_share_and_its_discarded_tries() {
        Api.store(TestVectors.envelope("v2-host-share"));
        Api.store(TestVectors.envelope("v2-minimal"));
        Api.okDoubles("/api/runs/" + HOST_SHARE_RUN)
                .body("cells[0].repeats.stealShare", contains(0.0021, 0.004, 0.0012))
                .body("cells[0].repeats.targetCpuShare", contains(0.984, 0.984, 0.9854))
                .body("cells[0].repeats.stealRetries", contains(null, 1, null))
                .body("cells[0].flags", contains("jdk-lacks-counters"))
                .body("cells[1].repeats.stealShare", contains(0.011, 0.083, 0.009))
                .body("cells[1].repeats.stealRetries", contains(null, 2, null))
                .body("cells[1].repeats[1].targetCpuShare", closeTo(0.9121, 1e-12))
                .body("cells[1].flags", contains("host-interference", "jdk-lacks-counters"));
        Api.okDoubles("/api/runs/" + V2_MINIMAL_ID)
                .body("cells[0].repeats[0].stealShare", nullValue())
                .body("cells[0].repeats[0].targetCpuShare", nullValue())
                .body("cells[0].repeats[0].stealRetries", nullValue());
    }

    @Test
    void a_jdk_21_cell_keeps_its_gc_figures_without_the_gc_cpu_share() {
        Api.store(TestVectors.envelope("v2-host-share"));
        Api.okDoubles("/api/runs/" + HOST_SHARE_RUN)
                .body("cells[0].repeats[0].usage.gcCount", equalTo(41))
                .body("cells[0].repeats[0].usage.gcCpuShare", nullValue());
        Api.okDoubles("/api/runs/" + HOST_SHARE_RUN + "/cells")
                .body("items[0].gc.allocatedBytesPerRequest.mean", closeTo(312.5, 1e-9))
                .body("items[0].gc.gcCount", closeTo(41, 1e-12))
                .body("items[0].gc.gcCpuShare", nullValue());
    }

    @Test
    void a_steal_share_above_one_is_refused_naming_it_and_nothing_is_stored() {
        Api.submit(TestVectors.envelope("invalid-v2-steal-share-above-one"))
                .then()
                .spec(Api.problem(422, "results[0].repeats[0].stealShare"));
        Assertions.assertEquals(0, rows.counts().runs());
    }
}
