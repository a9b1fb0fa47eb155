package dev.podium.suite.spring;

import dev.podium.suite.common.Fortune;
import dev.podium.suite.common.FortunesPage;
import dev.podium.suite.common.World;
import dev.podium.suite.common.Worlds;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The db scenarios (agent/suite/db/README.md) on R2DBC: Spring's DatabaseClient over the ConnectionFactory that Spring
 * Boot auto-configures from spring.r2dbc.* (r2dbc-postgresql behind an r2dbc-pool ConnectionPool). Nothing here blocks
 * an event loop; the pool opens its connections on the first db request, so the target starts without a database.
 */
@RestController
class DatabaseController {
    private static final String SELECT_WORLD = "SELECT id, randomnumber FROM world WHERE id = $1";
    private static final String UPDATE_WORLD = "UPDATE world SET randomnumber = $1 WHERE id = $2";
    private static final String SELECT_FORTUNES = "SELECT id, message FROM fortune";

    private final DatabaseClient db;

    DatabaseController(DatabaseClient db) {
        this.db = db;
    }

    private Mono<World> world(int id) {
        return db.sql(SELECT_WORLD)
                .bind(0, id)
                .map(row -> new World(row.get(0, Integer.class), row.get(1, Integer.class)))
                .one();
    }

    /** n rows by random id, one SELECT each, subscribed to at once (flatMap), each on a pooled connection. */
    private Mono<List<World>> worlds(int n) {
        return Flux.range(0, n).flatMap(i -> world(Worlds.randomId())).collectList();
    }

    @GetMapping(path = "/db", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<World> db() {
        return world(Worlds.randomId());
    }

    @GetMapping(path = "/queries", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<List<World>> queries(@RequestParam(required = false) String n) {
        return worlds(Worlds.count(n));
    }

    @GetMapping(path = "/updates", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<List<World>> updates(@RequestParam(required = false) String n) {
        return worlds(Worlds.count(n)).flatMap(read -> {
            List<World> updated = Worlds.renumbered(read);
            return write(updated).thenReturn(updated);
        });
    }

    /**
     * The rows written back as one R2DBC statement with a binding per row (Statement.add: a batch on one connection),
     * in id order, so that concurrent batches lock rows in the same order and cannot deadlock.
     */
    private Mono<Void> write(List<World> worlds) {
        List<World> byId = Worlds.byId(worlds);
        return db.inConnectionMany(connection -> {
                    Statement update = connection.createStatement(UPDATE_WORLD);
                    for (int i = 0; i < byId.size(); i++) {
                        if (i > 0) {
                            update.add();
                        }
                        update.bind(0, byId.get(i).randomNumber())
                                .bind(1, byId.get(i).id());
                    }
                    return Flux.from(update.execute()).flatMap(Result::getRowsUpdated);
                })
                .then();
    }

    @GetMapping(path = "/fortunes", produces = "text/html;charset=utf-8")
    Mono<String> fortunes() {
        return db.sql(SELECT_FORTUNES)
                .map(row -> new Fortune(row.get(0, Integer.class), row.get(1, String.class)))
                .all()
                .collectList()
                .map(FortunesPage::render);
    }
}
