package dev.podium.partition;

import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.partition.RepeatPartitions.Range;
import dev.podium.testing.Api;
import dev.podium.testing.EmbeddedPostgresResource;
import dev.podium.testing.EmptyDatabaseTest;
import dev.podium.testing.V2Payloads;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.SQLException;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * repeats is partitioned by range of cell id (V31), and the service keeps a whole partition's width of ids ahead of
 * those it hands out: a run whose cells reach the newest partition is stored, read back, and the next partition is
 * made. Were it not, the first run past the last partition's end would be refused by the database; and such a run
 * is answered 503 (try again later, nothing kept) while the partition for it is made.
 */
@QuarkusTest
@WithTestResource(EmbeddedPostgresResource.class)
class RepeatPartitionsTest extends EmptyDatabaseTest {

    @Inject
    RepeatPartitions partitions;

    @Test
    void repeatsIsPartitionedWithAWholePartitionAheadOfTheIdsHandedOut() throws SQLException {
        assertEquals(1, rows.scalar("select count(*) from pg_partitioned_table where partrelid = 'repeats'::regclass"));
        assertEquals(1, rows.scalar("select count(*) from repeat_partitions where lower_id is null"), "the history");
        // the ranges follow one another with no gap: every id from the lowest to the newest partition's end is taken
        assertEquals(
                0,
                rows.scalar("select count(*) from (select lower_id, lag(upper_id) over (order by lower_id"
                        + " nulls first) as before from repeat_partitions) p where p.lower_id is not null"
                        + " and p.lower_id <> p.before"));
        Range newest = partitions.newest();
        long handedOut = rows.scalar("select last_value + 49 from cells_seq");
        assertTrue(
                newest.upper() - handedOut >= newest.upper() - newest.lower(),
                "a whole partition ahead of id " + handedOut + ": " + newest);
    }

    @Test
    void aRunWhoseCellsReachTheNewestPartitionIsStoredAndTheNextPartitionIsMade() throws Exception {
        Range before = partitions.newest();
        // the ids handed out move into the newest partition: within a width of its end
        rows.scalar("select setval('cells_seq', " + (before.lower() + 10) + ", false)");
        String runId = UUID.randomUUID().toString();
        Api.submit(V2Payloads.envelope(V2Payloads.full(runId))).then().statusCode(201);

        assertEquals(
                before.lower() + 10, rows.scalar("select min(c.id) from cells c where c.run_id = '" + runId + "'"));
        assertEquals(
                rows.scalar("select count(*) from repeats r join cells c on c.id = r.cell_id where c.run_id = '" + runId
                        + "'"),
                rows.scalar("select count(*) from repeats_" + before.lower() + " r join cells c on c.id = r.cell_id"
                        + " where c.run_id = '" + runId + "'"),
                "the run's repeats are in the partition of their ids");
        assertTrue(rows.scalar("select count(*) from repeats r join cells c on c.id = r.cell_id where c.run_id = '"
                        + runId + "'")
                > 0);
        Api.ok("/api/runs/" + runId);

        long deadline = System.nanoTime() + 20_000_000_000L;
        while (partitions.newest().lower() != before.upper() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertEquals(
                new Range(before.upper(), 2 * before.upper() - before.lower()),
                partitions.newest(),
                "the next partition, as wide as the one before");
    }

    @Test
    void aRunWhoseCellsNoPartitionTakesYetIsRefusedForNowThenStoredOnRetry() throws Exception {
        Range before = partitions.newest();
        long beyond = before.upper() + 10;
        rows.scalar("select setval('cells_seq', " + beyond + ", false)");
        String runId = UUID.randomUUID().toString();
        byte[] envelope = V2Payloads.envelope(V2Payloads.full(runId));

        Api.submit(envelope).then().statusCode(503).header("Retry-After", notNullValue());
        assertEquals(0, rows.scalar("select count(*) from runs where id = '" + runId + "'"), "nothing of it kept");
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (partitions.newest().upper() <= beyond && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        Api.submit(envelope).then().statusCode(201); // the agent's retry, once the partitions are made
        assertTrue(rows.scalar("select count(*) from repeats r join cells c on c.id = r.cell_id where c.run_id = '"
                        + runId + "'")
                > 0);
    }
}
