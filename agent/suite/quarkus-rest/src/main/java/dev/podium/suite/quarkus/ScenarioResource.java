package dev.podium.suite.quarkus;

import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.resteasy.reactive.RestQuery;

/**
 * The suite's scenarios as a Quarkus REST resource, all on the Vert.x event loop: the synchronous ones are marked
 * {@code @NonBlocking} (Quarkus would otherwise dispatch them to a worker thread), the others return a Uni. The db
 * routes use the Vert.x reactive PostgreSQL client's Pool (Database) through its Mutiny API, on the event loop.
 */
@Path("/")
public class ScenarioResource {
    static final String HELLO = "Hello, World!";

    public record Message(String message) {}

    @RestClient
    ReferenceClient reference;

    @Inject
    Pool client;

    @GET
    @Path("plaintext")
    @Produces(MediaType.TEXT_PLAIN)
    @NonBlocking
    public String plaintext() {
        return HELLO;
    }

    @GET
    @Path("json")
    @Produces(MediaType.APPLICATION_JSON)
    @NonBlocking
    public Message json() {
        return new Message(HELLO);
    }

    @GET
    @Path("proxy")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<String> proxy() {
        return reference.get();
    }

    @GET
    @Path("delay")
    @Produces(MediaType.TEXT_PLAIN)
    public Uni<String> delay(@RestQuery Long ms) {
        if (ms == null || ms < 0) {
            throw new BadRequestException("ms must be a whole number of milliseconds");
        }
        return Uni.createFrom().item(HELLO).onItem().delayIt().by(Duration.ofMillis(ms));
    }

    private Uni<Db.World> world(int id) {
        return client.preparedQuery(Db.SELECT_WORLD).execute(Tuple.of(id)).map(rows -> {
            var it = rows.iterator();
            if (!it.hasNext()) {
                throw new NoSuchElementException("no world row with id " + id);
            }
            Row row = it.next();
            return new Db.World(row.getInteger(0), row.getInteger(1));
        });
    }

    /** n rows by random id, one SELECT each, all subscribed to at once, each on a connection of the pool. */
    private Uni<List<Db.World>> worlds(int n) {
        List<Uni<Db.World>> reads = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            reads.add(world(Db.randomId()));
        }
        return Uni.join().all(reads).andFailFast();
    }

    @GET
    @Path("db")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Db.World> db() {
        return world(Db.randomId());
    }

    @GET
    @Path("queries")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<List<Db.World>> queries(@RestQuery String n) {
        return worlds(Db.count(n));
    }

    /** The rows read, renumbered, written back in one prepared batch (executeBatch) in id order. */
    @GET
    @Path("updates")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<List<Db.World>> updates(@RestQuery String n) {
        return worlds(Db.count(n)).map(Db::renumbered).flatMap(rows -> {
            List<Tuple> batch = new ArrayList<>(rows.size());
            for (Db.World w : Db.byId(rows)) {
                batch.add(Tuple.of(w.randomNumber(), w.id()));
            }
            return client.preparedQuery(Db.UPDATE_WORLD).executeBatch(batch).replaceWith(rows);
        });
    }

    @GET
    @Path("fortunes")
    @Produces("text/html;charset=utf-8")
    public Uni<String> fortunes() {
        return client.preparedQuery(Db.SELECT_FORTUNES).execute().map(rows -> {
            List<Db.Fortune> fortunes = new ArrayList<>();
            for (Row row : rows) {
                fortunes.add(new Db.Fortune(row.getInteger(0), row.getString(1)));
            }
            return Db.page(fortunes);
        });
    }
}
