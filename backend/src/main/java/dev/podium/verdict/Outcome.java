package dev.podium.verdict;

/** The engine's verdict on a figure against another: faster, slower or cannot tell (read-api.md). */
public enum Outcome {
    FASTER("faster"),
    SLOWER("slower"),
    CANNOT_TELL("cannot-tell");

    private final String word;

    Outcome(String word) {
        this.word = word;
    }

    /** The verdict as the API writes it: faster, slower, cannot-tell. */
    public String word() {
        return word;
    }

    /** The same verdict seen from the other side. */
    public Outcome reversed() {
        return switch (this) {
            case FASTER -> SLOWER;
            case SLOWER -> FASTER;
            case CANNOT_TELL -> CANNOT_TELL;
        };
    }
}
