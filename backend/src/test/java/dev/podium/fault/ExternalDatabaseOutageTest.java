package dev.podium.fault;

import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;

/** The outage scenario with an external PostgreSQL cluster (Debian's server binaries), as PODIUM_DB_URL points to. */
@QuarkusTest
@WithTestResource(ExternalDatabase.class)
class ExternalDatabaseOutageTest extends DatabaseOutageScenario {

    @Override
    String which() {
        return "external " + ExternalDatabase.version();
    }

    @Override
    void stopDatabase() throws Exception {
        ExternalDatabase.pgCtl("stop", "-m", "fast");
    }

    @Override
    void startDatabase() throws Exception {
        ExternalDatabase.pgCtl("start");
    }
}
