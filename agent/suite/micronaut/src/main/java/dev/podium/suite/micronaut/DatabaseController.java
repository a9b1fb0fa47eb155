package dev.podium.suite.micronaut;

import dev.podium.suite.common.World;
import dev.podium.suite.common.Worlds;
import dev.podium.suite.db.Database;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.QueryValue;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.micronaut.serde.annotation.SerdeImport;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;

/**
 * The db scenarios (agent/suite/db/README.md): the suite's blocking JDBC code (the db-jdbc module) on the HikariCP
 * DataSource that micronaut-jdbc-hikari configures from datasources.default.*. JDBC blocks, so each route runs on
 * Micronaut's blocking executor, as its docs say for blocking work (@ExecuteOn(TaskExecutors.BLOCKING): virtual threads
 * on this JDK), never on the Netty event loop that runs the other scenarios.
 */
@Controller
@ExecuteOn(TaskExecutors.BLOCKING)
@SerdeImport(World.class) // the common module's row, written by micronaut-serde-jackson
public class DatabaseController {
    private final Database database;

    DatabaseController(DataSource dataSource) {
        this.database = new Database(dataSource);
    }

    @Get(uri = "/db", produces = MediaType.APPLICATION_JSON)
    public World db() throws SQLException {
        return database.world();
    }

    @Get(uri = "/queries", produces = MediaType.APPLICATION_JSON)
    public List<World> queries(@Nullable @QueryValue String n) throws SQLException {
        return database.worlds(Worlds.count(n));
    }

    @Get(uri = "/updates", produces = MediaType.APPLICATION_JSON)
    public List<World> updates(@Nullable @QueryValue String n) throws SQLException {
        return database.update(Worlds.count(n));
    }

    @Get(uri = "/fortunes", produces = MediaType.TEXT_HTML + ";charset=utf-8")
    public String fortunes() throws SQLException {
        return database.fortunesPage();
    }
}
