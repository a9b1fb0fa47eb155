package dev.podium.suite.spring;

import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
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

    record World(int id, int randomNumber) {}

    record Fortune(int id, String message) {}

    private final DatabaseClient db;

    DatabaseController(DatabaseClient db) {
        this.db = db;
    }

    /** n as TechEmpower parses it: missing or not a number is 1, below 1 is 1, above 500 is 500. */
    static int count(String value) {
        int n;
        try {
            n = value == null ? 1 : Integer.parseInt(value);
        } catch (NumberFormatException e) {
            n = 1;
        }
        return Math.min(500, Math.max(1, n));
    }

    static int randomId() {
        return ThreadLocalRandom.current().nextInt(1, 10001);
    }

    private Mono<World> world(int id) {
        return db.sql(SELECT_WORLD)
                .bind(0, id)
                .map(row -> new World(row.get(0, Integer.class), row.get(1, Integer.class)))
                .one();
    }

    /** n rows by random id, one SELECT each, subscribed to at once (flatMap), each on a pooled connection. */
    private Mono<List<World>> worlds(int n) {
        return Flux.range(0, n).flatMap(i -> world(randomId())).collectList();
    }

    @GetMapping(path = "/db", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<World> db() {
        return world(randomId());
    }

    @GetMapping(path = "/queries", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<List<World>> queries(@RequestParam(required = false) String n) {
        return worlds(count(n));
    }

    @GetMapping(path = "/updates", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<List<World>> updates(@RequestParam(required = false) String n) {
        return worlds(count(n)).flatMap(read -> {
            List<World> updated = new ArrayList<>(read.size());
            for (World w : read) {
                updated.add(new World(w.id(), randomId()));
            }
            return write(updated).thenReturn(updated);
        });
    }

    /**
     * The rows written back as one R2DBC statement with a binding per row (Statement.add: a batch on one connection),
     * in id order, so that concurrent batches lock rows in the same order and cannot deadlock.
     */
    private Mono<Void> write(List<World> worlds) {
        List<World> byId = new ArrayList<>(worlds);
        byId.sort(Comparator.comparingInt(World::id));
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
                .map(DatabaseController::page);
    }

    /**
     * The fortunes page of agent/suite/db/fortunes.html, built by hand: the rows plus the one added at request time,
     * sorted by message, each escaped (&amp; &lt; &gt; &quot; &#39;), no whitespace between tags.
     */
    static String page(List<Fortune> rows) {
        List<Fortune> fortunes = new ArrayList<>(rows.size() + 1);
        fortunes.addAll(rows);
        fortunes.add(new Fortune(0, "Additional fortune added at request time."));
        fortunes.sort(Comparator.comparing(Fortune::message));
        StringBuilder html = new StringBuilder(2048)
                .append("<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table>")
                .append("<tr><th>id</th><th>message</th></tr>");
        for (Fortune f : fortunes) {
            html.append("<tr><td>").append(f.id()).append("</td><td>");
            escape(html, f.message());
            html.append("</td></tr>");
        }
        return html.append("</table></body></html>").toString();
    }

    private static void escape(StringBuilder out, String text) {
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            switch (ch) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(ch);
            }
        }
    }
}
