package dev.podium.suite.vertx;

import dev.podium.suite.common.DatabaseSettings;
import dev.podium.suite.common.Fortune;
import dev.podium.suite.common.FortunesPage;
import dev.podium.suite.common.Worlds;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * The db scenarios (agent/suite/db/README.md) on the Vert.x reactive PostgreSQL client. Its docs' "pool versus pooled
 * client": a pooled client (PgBuilder.client()) pipelines its commands on the pool's connections, a Pool does not; so
 * the pooled client, shared by every verticle instance (PoolOptions.setShared, the docs' "pool sharing") with
 * PODIUM_TARGET_DB_POOL connections in all, spread over one event loop per instance. Building it opens no connection:
 * the first query does, so the target starts, and serves the other scenarios, without a database.
 */
final class Database {
    private static final String SELECT_WORLD = "SELECT id, randomnumber FROM world WHERE id = $1";
    private static final String UPDATE_WORLD = "UPDATE world SET randomnumber = $1 WHERE id = $2";
    private static final String SELECT_FORTUNES = "SELECT id, message FROM fortune";

    private final SqlClient client;

    /** From the agent's PODIUM_TARGET_DB_* variables; the pool size defaults to 16. */
    Database(Vertx vertx, Map<String, String> env, int eventLoops) {
        DatabaseSettings settings = DatabaseSettings.from(env);
        PgConnectOptions connect = new PgConnectOptions()
                .setHost(settings.host())
                .setPort(settings.port())
                .setDatabase(settings.name())
                .setUser(settings.user())
                .setPassword(settings.password())
                // default false; pgjdbc and r2dbc-postgresql reuse server-side prepared statements by default
                .setCachePreparedStatements(true);
        PoolOptions pool = new PoolOptions()
                .setMaxSize(settings.pool())
                .setShared(true)
                .setName("podium-db")
                .setEventLoopSize(eventLoops);
        this.client =
                PgBuilder.client().with(pool).connectingTo(connect).using(vertx).build();
    }

    /** One world row by id, one SELECT, as {"id":N,"randomNumber":N}. */
    Future<JsonObject> world(int id) {
        return client.preparedQuery(SELECT_WORLD).execute(Tuple.of(id)).map(rows -> {
            var it = rows.iterator();
            if (!it.hasNext()) {
                throw new NoSuchElementException("no world row with id " + id);
            }
            Row row = it.next();
            return new JsonObject().put("id", row.getInteger(0)).put("randomNumber", row.getInteger(1));
        });
    }

    /** The rows read, each given a new random number: what /updates writes back and answers. */
    static List<JsonObject> renumbered(List<JsonObject> read) {
        List<JsonObject> out = new ArrayList<>(read.size());
        for (JsonObject w : read) {
            out.add(new JsonObject().put("id", w.getInteger("id")).put("randomNumber", Worlds.randomId()));
        }
        return out;
    }

    /**
     * Writes the rows back in one prepared batch (executeBatch: one connection, one round trip), in id order, so that
     * concurrent batches lock rows in the same order and cannot deadlock.
     */
    Future<RowSet<Row>> update(List<JsonObject> worlds) {
        List<Tuple> batch = new ArrayList<>(worlds.size());
        worlds.stream()
                .sorted(Comparator.comparingInt(w -> w.getInteger("id")))
                .forEach(w -> batch.add(Tuple.of(w.getInteger("randomNumber"), w.getInteger("id"))));
        return client.preparedQuery(UPDATE_WORLD).executeBatch(batch);
    }

    /** Every fortune row, rendered as the fortunes page. */
    Future<String> fortunesPage() {
        return client.preparedQuery(SELECT_FORTUNES).execute().map(rows -> {
            List<Fortune> fortunes = new ArrayList<>(rows.size());
            for (Row row : rows) {
                fortunes.add(new Fortune(row.getInteger(0), row.getString(1)));
            }
            return FortunesPage.render(fortunes);
        });
    }
}
