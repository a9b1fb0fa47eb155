package dev.podium.upgrade;

import dev.podium.common.EmbeddedDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;

/**
 * What the upgrade tests share: Flyway on a test database with the migrations the service runs (the build copies
 * schema/migrations there), and a number read by SQL.
 */
final class Migrations {

    private Migrations() {}

    /** The first column of the first row of sql, as a long. */
    static long scalar(Connection c, String sql) {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        } catch (SQLException e) {
            throw new IllegalStateException(sql, e);
        }
    }

    static FluentConfiguration on(EmbeddedDatabase database) {
        return Flyway.configure()
                .dataSource(database.jdbcUrl(), database.user(), database.password())
                .locations("classpath:db/migration");
    }
}
