package dev.podium.suite.quarkus;

import dev.podium.suite.common.Delay;
import dev.podium.suite.common.Fortune;
import dev.podium.suite.common.FortunesPage;
import dev.podium.suite.common.World;
import dev.podium.suite.common.Worlds;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.inject.Inject;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.resteasy.reactive.RestQuery;

/**
 * The suite's scenarios as a Quarkus REST resource whose every endpoint runs on a new virtual thread
 * ({@code @RunOnVirtualThread}, the Quarkus "virtual threads in REST applications" guide): blocking code, blocking client.
 * The db routes use blocking JDBC on the virtual thread through the datasource Quarkus configures from
 * quarkus.datasource.* (quarkus-agroal's pool, quarkus-jdbc-postgresql's driver), as the tomcat target does with HikariCP.
 */
@Path("/")
@RunOnVirtualThread
public class ScenarioResource {
    static final String HELLO = "Hello, World!";
    private static final String SELECT_WORLD = "SELECT id, randomnumber FROM world WHERE id = ?";
    private static final String UPDATE_WORLD = "UPDATE world SET randomnumber = ? WHERE id = ?";
    private static final String SELECT_FORTUNES = "SELECT id, message FROM fortune";

    public record Message(String message) {}

    @RestClient
    ReferenceClient reference;

    @Inject
    DataSource dataSource;

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

    private static World world(PreparedStatement select, int id) throws SQLException {
        select.setInt(1, id);
        try (ResultSet rs = select.executeQuery()) {
            if (!rs.next()) {
                throw new SQLException("no world row with id " + id);
            }
            return new World(rs.getInt(1), rs.getInt(2));
        }
    }

    /** n rows by random id, one SELECT each, on one pooled connection. */
    private List<World> worlds(int n) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement select = c.prepareStatement(SELECT_WORLD)) {
            List<World> rows = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                rows.add(world(select, Worlds.randomId()));
            }
            return rows;
        }
    }

    @GET
    @Path("db")
    @Produces(MediaType.APPLICATION_JSON)
    public World db() throws SQLException {
        return worlds(1).get(0);
    }

    @GET
    @Path("queries")
    @Produces(MediaType.APPLICATION_JSON)
    public List<World> queries(@RestQuery String n) throws SQLException {
        return worlds(Worlds.count(n));
    }

    /** n rows read one SELECT each, renumbered, written back in one JDBC batch in id order, on one connection. */
    @GET
    @Path("updates")
    @Produces(MediaType.APPLICATION_JSON)
    public List<World> updates(@RestQuery String n) throws SQLException {
        int count = Worlds.count(n);
        try (Connection c = dataSource.getConnection();
                PreparedStatement select = c.prepareStatement(SELECT_WORLD);
                PreparedStatement update = c.prepareStatement(UPDATE_WORLD)) {
            List<World> read = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                read.add(world(select, Worlds.randomId()));
            }
            List<World> rows = Worlds.renumbered(read);
            for (World w : Worlds.byId(rows)) {
                update.setInt(1, w.randomNumber());
                update.setInt(2, w.id());
                update.addBatch();
            }
            update.executeBatch();
            return rows;
        }
    }

    @GET
    @Path("fortunes")
    @Produces("text/html;charset=utf-8")
    public String fortunes() throws SQLException {
        List<Fortune> fortunes = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
                PreparedStatement select = c.prepareStatement(SELECT_FORTUNES);
                ResultSet rs = select.executeQuery()) {
            while (rs.next()) {
                fortunes.add(new Fortune(rs.getInt(1), rs.getString(2)));
            }
        }
        return FortunesPage.render(fortunes);
    }
}
