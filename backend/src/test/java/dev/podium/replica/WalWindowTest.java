package dev.podium.replica;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The replica's lag bound from WAL positions alone (no database: the times and positions are made up). */
class WalWindowTest {

    private static final long S = 1_000_000_000L;

    @Test
    void parses_positions_as_postgresql_prints_them() {
        assertEquals(0x16_B374D848L, WalWindow.lsn("16/B374D848"));
        assertEquals(0L, WalWindow.lsn("0/0"));
        assertEquals(0x3000148L, WalWindow.lsn("0/3000148"));
        assertThrows(IllegalArgumentException.class, () -> WalWindow.lsn("3000148"));
    }

    @Test
    void unknown_until_the_replica_has_replayed_a_sampled_position() {
        WalWindow w = new WalWindow();
        assertEquals(Long.MAX_VALUE, w.behindNanos(10 * S));
        w.primaryAt(10 * S, 500);
        w.replayed(499);
        assertEquals(Long.MAX_VALUE, w.behindNanos(11 * S));
        w.replayed(500);
        assertEquals(S, w.behindNanos(11 * S));
    }

    @Test
    void an_idle_primary_keeps_a_caught_up_replica_fresh() {
        WalWindow w = new WalWindow();
        for (long t = 0; t <= 60; t++) { // nothing written for a minute: the position does not move
            w.primaryAt(t * S, 500);
            w.replayed(500);
        }
        assertEquals(S / 2, w.behindNanos(60 * S + S / 2));
    }

    @Test
    void a_stalled_replica_falls_behind_from_the_first_position_it_missed() {
        WalWindow w = new WalWindow();
        w.primaryAt(0, 500);
        w.replayed(500);
        w.primaryAt(S, 900); // a run written: the replica stops at 500
        for (long t = 2; t <= 7; t++) {
            w.primaryAt(t * S, 900);
            w.replayed(500);
        }
        assertEquals(7 * S, w.behindNanos(7 * S)); // caught up to the sample at 0 only
        w.replayed(900);
        assertEquals(0, w.behindNanos(7 * S)); // every sample up to 7 s replayed
    }

    @Test
    void a_bound_that_keeps_growing_while_checks_do_not_come_back() {
        WalWindow w = new WalWindow();
        w.primaryAt(0, 100);
        w.replayed(100);
        assertEquals(9 * S, w.behindNanos(9 * S)); // a frozen replica, or an unreachable primary: no new sample
    }
}
