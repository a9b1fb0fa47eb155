package dev.podium.fault;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

/** The outage scenario with the embedded PostgreSQL, shut down with pg_ctl and started again on the same data. */
@QuarkusTest
@WithTestResource(CrashableDatabase.class)
class EmbeddedDatabaseOutageTest extends DatabaseOutageScenario {

    @Override
    String which() {
        return "embedded";
    }

    @Override
    void stopDatabase() throws Exception {
        CrashableDatabase.shutDown();
    }

    @Override
    void startDatabase() throws Exception {
        CrashableDatabase.restart();
    }
}
