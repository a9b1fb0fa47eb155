package dev.podium.replica;

import java.sql.Connection;
import java.sql.SQLException;
import lombok.RequiredArgsConstructor;
import org.hibernate.Session;

/** One read of {@link Replica}: where it runs, what it used, and the Hibernate session it opened on the replica. */
@RequiredArgsConstructor
final class ReadScope {

    final boolean onReplica;
    /** On the primary: why the replica did not answer (null: the replica was never asked, there is none). */
    final String fallback;

    boolean usedDatabase;
    boolean usedReplica;
    Connection connection;
    Session session;

    void close() {
        try {
            if (session != null) {
                session.close();
            }
        } catch (RuntimeException ignored) {
            // the connection below goes back to its pool anyway
        }
        try {
            if (connection != null) {
                connection.close();
            }
        } catch (SQLException ignored) {
            // a broken connection; the pool drops it
        }
    }
}
