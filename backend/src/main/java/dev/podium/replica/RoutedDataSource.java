package dev.podium.replica;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;
import lombok.RequiredArgsConstructor;

/** The {@link Routed} DataSource: each connection from the replica or the primary as the current read decides. */
@RequiredArgsConstructor
final class RoutedDataSource implements DataSource {

    private final Replica replica;
    private final DataSource primary;

    @Override
    public Connection getConnection() throws SQLException {
        return replica.connection();
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
        return primary.getConnection(user, password); // nothing here asks for one; the primary's, as before
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return primary.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        primary.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        primary.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return primary.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return primary.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        return primary.unwrap(type);
    }

    @Override
    public boolean isWrapperFor(Class<?> type) throws SQLException {
        return primary.isWrapperFor(type);
    }
}
