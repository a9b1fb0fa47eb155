package dev.podium.suite.quarkus;

import dev.podium.suite.common.Delay;
import dev.podium.suite.common.World;
import dev.podium.suite.common.Worlds;
import dev.podium.suite.db.Database;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.inject.Inject;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.resteasy.reactive.RestQuery;

/**
 * The suite's scenarios as a Quarkus REST resource whose every endpoint runs on a new virtual thread
 * ({@code @RunOnVirtualThread}, the Quarkus "virtual threads in REST applications" guide): blocking code, blocking client.
 * The db routes run the suite's blocking JDBC code (the db-jdbc module's Database) on the virtual thread, on the
 * datasource Quarkus configures from quarkus.datasource.* (quarkus-agroal's pool, quarkus-jdbc-postgresql's driver),
 * as the tomcat target runs it on its HikariCP pool.
 */
@Path("/")
@RunOnVirtualThread
public class ScenarioResource {
    static final String HELLO = "Hello, World!";

    public record Message(String message) {}

    @RestClient
    ReferenceClient reference;

    private final Database database;

    @Inject
    ScenarioResource(DataSource dataSource) {
        this.database = new Database(dataSource);
    }

    @GET
    @Path("plaintext")
    @Produces(MediaType.TEXT_PLAIN)
    public String plaintext() {
        return HELLO;
    }

    @GET
    @Path("json")
    @Produces(MediaType.APPLICATION_JSON)
    public Message json() {
        return new Message(HELLO);
    }

    @GET
    @Path("proxy")
    @Produces(MediaType.APPLICATION_JSON)
    public String proxy() {
        return reference.get();
    }

    @GET
    @Path("delay")
    @Produces(MediaType.TEXT_PLAIN)
    public String delay(@RestQuery Long ms) throws InterruptedException {
        if (ms == null || ms < 0) {
            throw new BadRequestException(Delay.BAD_MS);
        }
        Thread.sleep(ms);
        return HELLO;
    }

    @GET
    @Path("db")
    @Produces(MediaType.APPLICATION_JSON)
    public World db() throws SQLException {
        return database.world();
    }

    @GET
    @Path("queries")
    @Produces(MediaType.APPLICATION_JSON)
    public List<World> queries(@RestQuery String n) throws SQLException {
        return database.worlds(Worlds.count(n));
    }

    @GET
    @Path("updates")
    @Produces(MediaType.APPLICATION_JSON)
    public List<World> updates(@RestQuery String n) throws SQLException {
        return database.update(Worlds.count(n));
    }

    @GET
    @Path("fortunes")
    @Produces("text/html;charset=utf-8")
    public String fortunes() throws SQLException {
        return database.fortunesPage();
    }
}
