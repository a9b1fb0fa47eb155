package dev.podium.suite.quarkus;

import dev.podium.suite.common.Delay;
import dev.podium.suite.common.Fortune;
import dev.podium.suite.common.FortunesPage;
import dev.podium.suite.common.World;
import dev.podium.suite.common.Worlds;
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
    private static final String SELECT_WORLD = "SELECT id, randomnumber FROM world WHERE id = $1";
    private static final String UPDATE_WORLD = "UPDATE world SET randomnumber = $1 WHERE id = $2";
    private static final String SELECT_FORTUNES = "SELECT id, message FROM fortune";

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

    /**
     * The call is subscribed apart from the request's Uni, so a client that goes away does not cancel it: a call
     * cancelled while it waited for one of the pool's connections kept that connection (Quarkus 3.32.0): by hand, a
     * first 3 s wrk run at 256 connections got 3,437 req/s, and once it had stopped with its requests in flight the
     * pool's 64 were gone and /proxy answered nothing more. The call finishes and returns its connection; its answer
     * goes nowhere.
     */
    @GET
    @Path("proxy")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<String> proxy() {
        return Uni.createFrom().emitter(emitter -> reference.get().subscribe().with(emitter::complete, emitter::fail));
    }

    @GET
    @Path("delay")
    @Produces(MediaType.TEXT_PLAIN)
    public Uni<String> delay(@RestQuery Long ms) {
        if (ms == null || ms < 0) {
            throw new BadRequestException(Delay.BAD_MS);
        }
        return Uni.createFrom().item(HELLO).onItem().delayIt().by(Duration.ofMillis(ms));
    }

    private Uni<World> world(int id) {
        return client.preparedQuery(SELECT_WORLD).execute(Tuple.of(id)).map(rows -> {
            var it = rows.iterator();
            if (!it.hasNext()) {
                throw new NoSuchElementException("no world row with id " + id);
            }
            Row row = it.next();
            return new World(row.getInteger(0), row.getInteger(1));
        });
    }

    /** n rows by random id, one SELECT each, all subscribed to at once, each on a connection of the pool. */
    private Uni<List<World>> worlds(int n) {
        List<Uni<World>> reads = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            reads.add(world(Worlds.randomId()));
        }
        return Uni.join().all(reads).andFailFast();
    }

    @GET
    @Path("db")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<World> db() {
        return world(Worlds.randomId());
    }

    @GET
    @Path("queries")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<List<World>> queries(@RestQuery String n) {
        return worlds(Worlds.count(n));
    }

    /** The rows read, renumbered, written back in one prepared batch (executeBatch) in id order. */
    @GET
    @Path("updates")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<List<World>> updates(@RestQuery String n) {
        return worlds(Worlds.count(n)).map(Worlds::renumbered).flatMap(rows -> {
            List<Tuple> batch = new ArrayList<>(rows.size());
            for (World w : Worlds.byId(rows)) {
                batch.add(Tuple.of(w.randomNumber(), w.id()));
            }
            return client.preparedQuery(UPDATE_WORLD).executeBatch(batch).replaceWith(rows);
        });
    }

    @GET
    @Path("fortunes")
    @Produces("text/html;charset=utf-8")
    public Uni<String> fortunes() {
        return client.preparedQuery(SELECT_FORTUNES).execute().map(rows -> {
            List<Fortune> fortunes = new ArrayList<>();
            for (Row row : rows) {
                fortunes.add(new Fortune(row.getInteger(0), row.getString(1)));
            }
            return FortunesPage.render(fortunes);
        });
    }
}
