package dev.podium.suite.spring;

import dev.podium.suite.common.Fortune;
import dev.podium.suite.common.FortunesPage;
import dev.podium.suite.common.World;
import dev.podium.suite.common.Worlds;
import java.util.ArrayList;
import java.util.List;
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
        int count = Worlds.count(n);
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
        int count = Worlds.count(n);
        List<World> worlds = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            worlds.add(new World(world().id(), Worlds.randomId()));
        }
        List<World> byId = Worlds.byId(worlds);
        jdbc.batchUpdate(UPDATE_WORLD, byId, byId.size(), (statement, w) -> {
            statement.setInt(1, w.randomNumber());
            statement.setInt(2, w.id());
        });
        return worlds;
    }

    /**
     * The page of agent/suite/db/fortunes.html, built by hand (the common module's FortunesPage): the rows plus the one
     * added at request time, sorted by message, each escaped by Spring's HtmlUtils (for UTF-8: &amp; &lt; &gt; &quot;
     * &#39; only).
     */
    @GetMapping(path = "/fortunes", produces = "text/html;charset=utf-8")
    String fortunes() {
        return FortunesPage.render(
                jdbc.query(SELECT_FORTUNES, FORTUNE), message -> HtmlUtils.htmlEscape(message, "UTF-8"));
    }

    private World world() {
        return jdbc.queryForObject(SELECT_WORLD, WORLD, Worlds.randomId());
    }
}
