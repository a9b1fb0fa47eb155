package dev.podium.suite.db;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import javax.sql.DataSource;

/**
 * The db scenarios (agent/suite/db/README.md) in blocking JDBC, shared by the targets that serve them with plain JDBC
 * on the request's thread (platform or virtual): rows by random id, one SELECT each; updates written back in one JDBC
 * batch sorted by id; the fortunes page built by hand and HTML-escaped.
 *
 * <p>The connections come from a {@link DataSource}: the HikariCP pool of {@link #fromEnvironment} for the targets that
 * build their own, or the one a framework configures (Micronaut's micronaut-jdbc-hikari).
 */
public final class Database {
    /** A row of world; Jackson and the frameworks' serialisers write it as {"id":N,"randomNumber":N}. */
    public record World(int id, int randomNumber) {}

    /** A row of fortune. */
    public record Fortune(int id, String message) {}

    /** The pool size when PODIUM_TARGET_DB_POOL is unset (HikariCP's own default is 10). */
    public static final int DEFAULT_POOL = 16;

    private static final String SELECT_WORLD = "SELECT id, randomnumber FROM world WHERE id = ?";
    private static final String UPDATE_WORLD = "UPDATE world SET randomnumber = ? WHERE id = ?";
    private static final String SELECT_FORTUNES = "SELECT id, message FROM fortune";

    private final DataSource pool;

    /** The db routes on the connections of pool. */
    public Database(DataSource pool) {
        this.pool = pool;
    }

    /**
     * A HikariCP pool of the PostgreSQL JDBC driver from the agent's PODIUM_TARGET_DB_* variables, built with
     * HikariDataSource's no-argument constructor, which HikariCP documents as starting the pool lazily on the first
     * getConnection: the target starts, and serves the other scenarios, without a database. Only maximumPoolSize is
     * set (from PODIUM_TARGET_DB_POOL, default 16); everything else is HikariCP's and pgjdbc's default.
     */
    public static Database fromEnvironment(Map<String, String> env) {
        HikariDataSource hikari = new HikariDataSource();
        hikari.setJdbcUrl(jdbcUrl(env));
        hikari.setUsername(env.getOrDefault("PODIUM_TARGET_DB_USER", "podium"));
        hikari.setPassword(env.getOrDefault("PODIUM_TARGET_DB_PASSWORD", "podium"));
        hikari.setMaximumPoolSize(poolSize(env.get("PODIUM_TARGET_DB_POOL")));
        hikari.setPoolName("podium-db");
        return new Database(hikari);
    }

    /** jdbc:postgresql://HOST:PORT/NAME from PODIUM_TARGET_DB_HOST, _PORT and _NAME. */
    public static String jdbcUrl(Map<String, String> env) {
        return "jdbc:postgresql://" + env.getOrDefault("PODIUM_TARGET_DB_HOST", "127.0.0.1") + ":"
                + env.getOrDefault("PODIUM_TARGET_DB_PORT", "5432") + "/"
                + env.getOrDefault("PODIUM_TARGET_DB_NAME", "hello_world");
    }

    /** PODIUM_TARGET_DB_POOL: unset, blank or not a number is 16, below 1 is 1. */
    public static int poolSize(String value) {
        try {
            return value == null || value.isBlank() ? DEFAULT_POOL : Math.max(1, Integer.parseInt(value.trim()));
        } catch (NumberFormatException e) {
            return DEFAULT_POOL;
        }
    }

    /** n as TechEmpower parses it: missing or not a number is 1, below 1 is 1, above 500 is 500. */
    public static int count(String value) {
        int n;
        try {
            n = value == null ? 1 : Integer.parseInt(value);
        } catch (NumberFormatException e) {
            n = 1;
        }
        return Math.min(500, Math.max(1, n));
    }

    /** A random id, uniform in 1..10000 (also a new randomNumber for /updates). */
    public static int randomId() {
        return ThreadLocalRandom.current().nextInt(1, 10001);
    }

    /** /db: one row by random id. */
    public World world() throws SQLException {
        return worlds(1).get(0);
    }

    /** /db and /queries: n rows by random id, one SELECT each, on one pooled connection. */
    public List<World> worlds(int n) throws SQLException {
        try (Connection c = pool.getConnection();
                PreparedStatement select = c.prepareStatement(SELECT_WORLD)) {
            List<World> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(world(select, randomId()));
            }
            return out;
        }
    }

    /**
     * /updates: n rows read one SELECT each, each given a new random number, written back in one JDBC batch (in id
     * order, so that concurrent batches lock rows in the same order and cannot deadlock); the updated rows returned.
     */
    public List<World> update(int n) throws SQLException {
        try (Connection c = pool.getConnection();
                PreparedStatement select = c.prepareStatement(SELECT_WORLD);
                PreparedStatement update = c.prepareStatement(UPDATE_WORLD)) {
            World[] worlds = new World[n];
            for (int i = 0; i < n; i++) {
                World read = world(select, randomId());
                worlds[i] = new World(read.id(), randomId());
            }
            World[] byId = worlds.clone();
            Arrays.sort(byId, Comparator.comparingInt(World::id));
            for (World w : byId) {
                update.setInt(1, w.randomNumber());
                update.setInt(2, w.id());
                update.addBatch();
            }
            update.executeBatch();
            return Arrays.asList(worlds);
        }
    }

    /** /fortunes: every fortune row, in the database's order (the page sorts them). */
    public List<Fortune> fortunes() throws SQLException {
        try (Connection c = pool.getConnection();
                PreparedStatement select = c.prepareStatement(SELECT_FORTUNES);
                ResultSet rs = select.executeQuery()) {
            List<Fortune> out = new ArrayList<>();
            while (rs.next()) {
                out.add(new Fortune(rs.getInt(1), rs.getString(2)));
            }
            return out;
        }
    }

    /** /fortunes: the page of {@link #fortunesPage} over the rows read now. */
    public String fortunesPage() throws SQLException {
        return fortunesPage(fortunes());
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

    /**
     * The fortunes page of agent/suite/db/fortunes.html, built by hand: the rows plus the one added at request time,
     * sorted by message, each escaped (&amp; &lt; &gt; &quot; &#39;), no whitespace between tags.
     */
    public static String fortunesPage(List<Fortune> rows) {
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
