package dev.podium.replica;

import java.util.ArrayDeque;

/**
 * How far behind the primary the replica is, in time, from WAL positions alone. Every check samples the primary's
 * current WAL position (pg_current_wal_lsn) with the time just before it was asked, then the replica's replay
 * position (pg_last_wal_replay_lsn): once the replica has replayed a sampled position it holds every transaction the
 * primary had committed at that sample's time. {@link #caughtUpAt} is the newest such time, so {@code now -
 * caughtUpAt} bounds what a read on the replica can miss, whether the primary is busy or idle (unlike now() -
 * pg_last_xact_replay_timestamp(), which grows while nothing is written), and it keeps growing while checks do not
 * come back (a replica that froze or went away is left within the bound).
 */
final class WalWindow {

    /** Samples kept at most; when full the oldest not yet replayed is dropped (caughtUpAt only stays older). */
    private static final int MAX_SAMPLES = 4096;

    private final ArrayDeque<long[]> samples = new ArrayDeque<>(); // {nanoTime, lsn}, oldest first
    private long caughtUpAt;
    private boolean caughtUp;

    /** The primary's WAL position as of {@code nanoTime} (taken before the primary was asked). */
    synchronized void primaryAt(long nanoTime, long lsn) {
        if (samples.size() >= MAX_SAMPLES) {
            samples.pollFirst();
        }
        samples.addLast(new long[] {nanoTime, lsn});
    }

    /** The replica has replayed up to {@code lsn}: every sample at or below it is caught up. */
    synchronized void replayed(long lsn) {
        while (!samples.isEmpty() && samples.peekFirst()[1] <= lsn) {
            long at = samples.pollFirst()[0];
            if (!caughtUp || at - caughtUpAt > 0) {
                caughtUpAt = at;
                caughtUp = true;
            }
        }
    }

    /**
     * Nanoseconds the replica may be behind at {@code now}: now minus the time of the newest primary position it has
     * replayed; {@link Long#MAX_VALUE} until it has replayed one.
     */
    synchronized long behindNanos(long now) {
        return caughtUp ? Math.max(0, now - caughtUpAt) : Long.MAX_VALUE;
    }

    /** A WAL position as PostgreSQL prints a pg_lsn ("16/B374D848": two 32-bit hex halves) as one number. */
    static long lsn(String text) {
        int slash = text.indexOf('/');
        if (slash <= 0) {
            throw new IllegalArgumentException("not a WAL position: " + text);
        }
        return (Long.parseLong(text.substring(0, slash), 16) << 32) | Long.parseLong(text.substring(slash + 1), 16);
    }
}
