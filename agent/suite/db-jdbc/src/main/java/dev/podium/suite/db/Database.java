package dev.podium.suite.db;

import com.zaxxer.hikari.HikariDataSource;
import dev.podium.suite.common.BlockingDatabase;
import dev.podium.suite.common.DatabaseSettings;
import dev.podium.suite.common.Fortune;
import dev.podium.suite.common.FortunesPage;
import dev.podium.suite.common.World;
import dev.podium.suite.common.Worlds;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;

/**
 * The db scenarios (agent/suite/db/README.md) in blocking JDBC, shared by the targets that serve them with plain JDBC
 * on the request's thread (platform or virtual): rows by random id, one SELECT each; updates written back in one JDBC
 * batch sorted by id; the fortunes page of the common module's FortunesPage.
 *
 * <p>The connections come from a {@link DataSource}: the HikariCP pool of {@link #fromEnvironment} for the targets that
 * build their own, or the one a framework configures (Micronaut's micronaut-jdbc-hikari).
 */
public final class Database implements BlockingDatabase {
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
        DatabaseSettings settings = DatabaseSettings.from(env);
        HikariDataSource hikari = new HikariDataSource();
        hikari.setJdbcUrl(settings.jdbcUrl());
        hikari.setUsername(settings.user());
        hikari.setPassword(settings.password());
        hikari.setMaximumPoolSize(settings.pool());
        hikari.setPoolName("podium-db");
        return new Database(hikari);
    }

    /** /db: one row by random id. */
    @Override
    public World world() throws SQLException {
        return worlds(1).get(0);
    }

    /** /db and /queries: n rows by random id, one SELECT each, on one pooled connection. */
    @Override
    public List<World> worlds(int n) throws SQLException {
        try (Connection c = pool.getConnection();
                PreparedStatement select = c.prepareStatement(SELECT_WORLD)) {
            return read(select, n);
        }
    }

    /**
     * /updates: n rows read one SELECT each, each given a new random number, written back in one JDBC batch (in id
     * order, so that concurrent batches lock rows in the same order and cannot deadlock); the updated rows returned.
     */
    @Override
    public List<World> update(int n) throws SQLException {
        try (Connection c = pool.getConnection();
                PreparedStatement select = c.prepareStatement(SELECT_WORLD);
                PreparedStatement update = c.prepareStatement(UPDATE_WORLD)) {
            List<World> worlds = Worlds.renumbered(read(select, n));
            for (World w : Worlds.byId(worlds)) {
                update.setInt(1, w.randomNumber());
                update.setInt(2, w.id());
                update.addBatch();
            }
            update.executeBatch();
            return worlds;
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

    /** /fortunes: the page of {@link FortunesPage} over the rows read now. */
    @Override
    public String fortunesPage() throws SQLException {
        return FortunesPage.render(fortunes());
    }

    /** n rows by random id, one SELECT each on select. */
    private static List<World> read(PreparedStatement select, int n) throws SQLException {
        List<World> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(world(select, Worlds.randomId()));
        }
        return out;
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
}
