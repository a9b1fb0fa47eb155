package dev.podium.common;

import io.quarkus.flyway.FlywayConfigurationCustomizer;
import jakarta.inject.Singleton;
import org.flywaydb.core.api.configuration.FluentConfiguration;

/**
 * Replicas started at once wait for the one that migrates however long it takes (Flyway's advisory lock, retried
 * every second without a limit): on years of data a migration takes minutes, and Flyway's default of 50 tries would
 * stop the others' start after about 50 s. The lock goes with the migrating session, so a replica that dies while
 * migrating does not leave the others waiting.
 */
@Singleton
public class MigrationWait implements FlywayConfigurationCustomizer {

    @Override
    public void customize(FluentConfiguration configuration) {
        configuration.lockRetryCount(-1);
    }
}
