package dev.podium.upgrade;

import dev.podium.common.EmbeddedDatabase;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;

/** Flyway on a test database with the migrations the service runs (the build copies schema/migrations there). */
final class Migrations {

    private Migrations() {}

    static FluentConfiguration on(EmbeddedDatabase database) {
        return Flyway.configure()
                .dataSource(database.jdbcUrl(), database.user(), database.password())
                .locations("classpath:db/migration");
    }
}
