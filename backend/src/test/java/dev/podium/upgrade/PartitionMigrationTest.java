package dev.podium.upgrade;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.common.EmbeddedDatabase;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * V31 turns repeats into a partitioned table while the service reads it: a long read holding repeats makes the
 * migration wait (it does not cancel the read), and meanwhile no other read of repeats waits a second (the swap asks
 * for its lock for 500 ms at a time, then lets the queue through). The rows stored before are all there after, in the
 * history partition. A migration that took its lock and held it would show here as reads waiting seconds.
 */
class PartitionMigrationTest {

    private static final long HELD_MS = 3_000;

    @Test
    void theSwapWaitsForALongReadWithoutHoldingUpTheOthers() throws Exception {
        try (EmbeddedDatabase database =
                        EmbeddedDatabase.start(Files.createTempDirectory("podium-partition-pg-"), 0, true);
                Connection db = connect(database);
                Connection holder = connect(database);
                Connection reader = connect(database);
                // threads of their own: the common pool may have a single one on two cores
                ExecutorService threads = Executors.newFixedThreadPool(2)) {
            Migrations.on(database).target("1").load().migrate();
            V1Seed.seed(db);
            Migrations.on(database).target("30").load().migrate();
            long stored = Migrations.scalar(db, "select count(*) from repeats");
            assertTrue(stored > 0, "repeats stored before the migration");

            holder.setAutoCommit(false);
            Migrations.scalar(holder, "select count(*) from repeats"); // holds ACCESS SHARE on repeats until it commits
            AtomicBoolean migrating = new AtomicBoolean(true);
            AtomicLong longestRead = new AtomicLong();
            AtomicLong reads = new AtomicLong();
            CompletableFuture<Void> readers = CompletableFuture.runAsync(
                    () -> {
                        while (migrating.get()) {
                            long start = System.nanoTime();
                            Migrations.scalar(reader, "select count(*) from repeats");
                            longestRead.accumulateAndGet(System.nanoTime() - start, Math::max);
                            reads.incrementAndGet();
                            sleep(20);
                        }
                    },
                    threads);
            long start = System.nanoTime();
            CompletableFuture<Void> migration = CompletableFuture.runAsync(
                    () -> Migrations.on(database).load().migrate(), threads);
            sleep(HELD_MS);
            holder.commit();
            migration.get(120, TimeUnit.SECONDS);
            long migrationMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            migrating.set(false);
            readers.get(10, TimeUnit.SECONDS);

            assertTrue(migrationMs >= HELD_MS, "the swap waited for the long read: " + migrationMs + " ms");
            long longestMs = TimeUnit.NANOSECONDS.toMillis(longestRead.get());
            assertTrue(longestMs < 1_000, "the longest of " + reads.get() + " reads waited " + longestMs + " ms");
            assertTrue(reads.get() > 10, "reads went on during the migration: " + reads.get());
            assertEquals(
                    1,
                    Migrations.scalar(
                            db, "select count(*) from pg_partitioned_table where partrelid = 'repeats'::regclass"));
            assertEquals(stored, Migrations.scalar(db, "select count(*) from repeats"));
            assertEquals(stored, Migrations.scalar(db, "select count(*) from repeats_history"));
            assertEquals(0, Migrations.scalar(db, "select count(*) from pg_class where relname = 'repeats_p'"));
        }
    }

    private static Connection connect(EmbeddedDatabase database) throws SQLException {
        return DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password());
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
