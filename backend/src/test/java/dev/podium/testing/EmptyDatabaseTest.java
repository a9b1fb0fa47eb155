package dev.podium.testing;

import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;

/**
 * The start most write and read tests share: before each test the stored tables are emptied and the test-agent key is
 * enrolled. A subclass's own {@code @BeforeEach} runs after this one (JUnit runs a superclass's first).
 */
public abstract class EmptyDatabaseTest {

    @Inject
    protected Rows rows;

    @BeforeEach
    void emptyTheTablesAndEnrolTheTestAgent() {
        rows.resetWithTestAgent();
    }
}
