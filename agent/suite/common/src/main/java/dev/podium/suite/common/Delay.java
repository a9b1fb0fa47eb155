package dev.podium.suite.common;

/** The delay scenario's parameter: GET /delay?ms=N answers after N ms; anything else is a 400 with {@link #BAD_MS}. */
public final class Delay {
    /** The 400 answer's body when ms is missing, negative or not a whole number. */
    public static final String BAD_MS = "ms must be a whole number of milliseconds";

    private Delay() {}

    /** The ms query parameter's value, or -1 when it is missing, negative or not a whole number. */
    public static long millis(String value) {
        if (value == null) {
            return -1;
        }
        try {
            return Math.max(-1, Long.parseLong(value));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * Waits ms on the calling (request's) thread without burning CPU; an interrupt ends the wait early and stays set
     * on the thread, and the answer is sent all the same.
     */
    public static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
