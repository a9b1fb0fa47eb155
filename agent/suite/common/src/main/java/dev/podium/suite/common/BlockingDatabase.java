package dev.podium.suite.common;

import java.sql.SQLException;
import java.util.List;

/** The db scenarios as blocking calls on the request's thread: the db-jdbc module's Database is one. */
public interface BlockingDatabase {
    /** /db: one row by random id. */
    World world() throws SQLException;

    /** /queries: n rows by random id. */
    List<World> worlds(int n) throws SQLException;

    /** /updates: n rows read, renumbered and written back; the updated rows. */
    List<World> update(int n) throws SQLException;

    /** /fortunes: the page of {@link FortunesPage} over the rows read now. */
    String fortunesPage() throws SQLException;
}
