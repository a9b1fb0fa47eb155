package dev.podium.common;

import io.quarkus.flyway.FlywayConfigurationCustomizer;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.flywaydb.core.api.configuration.FluentConfiguration;

/**
 * How the service migrates at start, on years of data where a migration takes minutes:
 * <ul>
 *   <li>on a connection of its own to the same database, without the request path's bounds (a statement 8 s, a lock
 *       wait 5 s, a read from the server 10 s: the pool's connection options), which would cancel it and stop the
 *       start; a migration that needs a table to itself bounds its own wait (V31: 500 ms a try);
 *   <li>replicas started at once wait for the one that migrates however long it takes (Flyway's advisory lock,
 *       retried every second without a limit; its default of 50 tries would stop their start after about 50 s). The
 *       lock goes with the migrating session, so a replica that dies while migrating leaves no one waiting.
 * </ul>
 */
@Singleton
public class MigrationSettings implements FlywayConfigurationCustomizer {

    @Override
    public void customize(FluentConfiguration configuration) {
        Config config = ConfigProvider.getConfig();
        configuration.dataSource(
                config.getValue("quarkus.datasource.jdbc.url", String.class),
                config.getOptionalValue("quarkus.datasource.username", String.class)
                        .orElse(null),
                config.getOptionalValue("quarkus.datasource.password", String.class)
                        .orElse(null));
        configuration.lockRetryCount(-1);
    }
}
