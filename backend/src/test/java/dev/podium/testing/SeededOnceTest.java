package dev.podium.testing;

import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;

/**
 * The start of the read tests whose tests only read one data set: before each test it is stored unless the tables
 * already hold it ({@link Rows#seedOnce}), so the first test of the class stores it and the rest read it. A subclass
 * names it in its constructor: how many runs, the run stored last, and what stores them. A subclass's own
 * {@code @BeforeEach} runs after this one (JUnit runs a superclass's first).
 */
public abstract class SeededOnceTest {

    @Inject
    protected Rows rows;

    private final long runs;
    private final String lastRun;
    private final Runnable seed;

    protected SeededOnceTest(long runs, String lastRun, Runnable seed) {
        this.runs = runs;
        this.lastRun = lastRun;
        this.seed = seed;
    }

    @BeforeEach
    void seedOnce() {
        rows.seedOnce(runs, lastRun, seed);
    }
}
