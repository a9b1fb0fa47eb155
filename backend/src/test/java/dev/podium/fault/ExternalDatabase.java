package dev.podium.fault;

import dev.podium.testing.FreePort;
import dev.podium.testing.PostgresClusters;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * A PostgreSQL cluster outside the service, made with the server binaries of the system (Debian's postgresql package,
 * /usr/lib/postgresql/N/bin) on a free loopback port: the service reaches it by URL only, as with PODIUM_DB_URL. PostgreSQL
 * refuses to run as root, so under root its commands run as the postgres user (else nobody).
 */
public class ExternalDatabase implements QuarkusTestResourceLifecycleManager {

    private static final String CLUSTER = "data";

    private static PostgresClusters clusters;

    @Override
    public Map<String, String> start() {
        try {
            clusters = new PostgresClusters("podium-external-pg-", "initdb");
            int port = FreePort.any();
            clusters.initdb(CLUSTER);
            clusters.configure(CLUSTER, port, "");
            pgCtl("start");
            return Map.of(
                    "quarkus.datasource.jdbc.url", "jdbc:postgresql://127.0.0.1:" + port + "/postgres",
                    "quarkus.datasource.username", "podium",
                    "quarkus.datasource.password", "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** pg_ctl on the cluster (start, stop -m fast, ...), waiting until it is done. */
    static void pgCtl(String... args) throws IOException {
        clusters.pgCtl(CLUSTER, args);
    }

    static String version() {
        return clusters.version();
    }

    @Override
    public void stop() {
        clusters.delete(CLUSTER);
    }
}
