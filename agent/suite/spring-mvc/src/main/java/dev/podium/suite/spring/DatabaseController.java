package dev.podium.suite.spring;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.HtmlUtils;

/**
 * The db scenarios (agent/suite/db/README.md) Spring's way: a JdbcTemplate on the HikariCP DataSource that Spring Boot
 * auto-configures from spring.datasource.*, blocking on the request's thread (a platform thread of Tomcat's pool, or a
 * virtual thread with spring.threads.virtual.enabled=true). Each query borrows a pooled connection and gives it back, as
 * a JdbcTemplate does outside a transaction.
 */
@RestController
public class DatabaseController {
    record World(int id, int randomNumber) {}

    record Fortune(int id, String message) {}

    private static final String SELECT_WORLD = "SELECT id, randomnumber FROM world WHERE id = ?";
    private static final String UPDATE_WORLD = "UPDATE world SET randomnumber = ? WHERE id = ?";
    private static final String SELECT_FORTUNES = "SELECT id, message FROM fortune";
    private static final RowMapper<World> WORLD = (rs, row) -> new World(rs.getInt(1), rs.getInt(2));
    private static final RowMapper<Fortune> FORTUNE = (rs, row) -> new Fortune(rs.getInt(1), rs.getString(2));

    private final JdbcTemplate jdbc;

    DatabaseController(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    @GetMapping(path = "/db", produces = MediaType.APPLICATION_JSON_VALUE)
    World db() {
        return world();
    }

    @GetMapping(path = "/queries", produces = MediaType.APPLICATION_JSON_VALUE)
    List<World> queries(@RequestParam(required = false) String n) {
        int count = count(n);
        List<World> worlds = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            worlds.add(world());
        }
        return worlds;
    }

    /**
     * n rows read one query each, each given a new random number, written back in one JDBC batch (in id order, so that
     * concurrent batches lock rows in the same order and cannot deadlock); the updated rows returned.
     */
    @GetMapping(path = "/updates", produces = MediaType.APPLICATION_JSON_VALUE)
    List<World> updates(@RequestParam(required = false) String n) {
        int count = count(n);
        List<World> worlds = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            worlds.add(new World(world().id(), randomId()));
        }
        List<World> byId = new ArrayList<>(worlds);
        byId.sort(Comparator.comparingInt(World::id));
        jdbc.batchUpdate(UPDATE_WORLD, byId, byId.size(), (statement, w) -> {
            statement.setInt(1, w.randomNumber());
            statement.setInt(2, w.id());
        });
        return worlds;
    }

    /**
     * The page of agent/suite/db/fortunes.html, built by hand: the rows plus the one added at request time, sorted by
     * message, each escaped by Spring's HtmlUtils (for UTF-8: &amp; &lt; &gt; &quot; &#39; only).
     */
    @GetMapping(path = "/fortunes", produces = "text/html;charset=utf-8")
    String fortunes() {
        List<Fortune> fortunes = new ArrayList<>(jdbc.query(SELECT_FORTUNES, FORTUNE));
        fortunes.add(new Fortune(0, "Additional fortune added at request time."));
        fortunes.sort(Comparator.comparing(Fortune::message));
        StringBuilder html = new StringBuilder(2048)
                .append("<!DOCTYPE html><html><head><title>Fortunes</title></head><body><table>")
                .append("<tr><th>id</th><th>message</th></tr>");
        for (Fortune f : fortunes) {
            html.append("<tr><td>")
                    .append(f.id())
                    .append("</td><td>")
                    .append(HtmlUtils.htmlEscape(f.message(), "UTF-8"))
                    .append("</td></tr>");
        }
        return html.append("</table></body></html>").toString();
    }

    private World world() {
        return jdbc.queryForObject(SELECT_WORLD, WORLD, randomId());
    }

    /** A random id, uniform in 1..10000 (also a new randomNumber for /updates). */
    private static int randomId() {
        return ThreadLocalRandom.current().nextInt(1, 10001);
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
}
