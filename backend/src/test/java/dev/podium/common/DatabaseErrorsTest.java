package dev.podium.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.persistence.PersistenceException;
import jakarta.ws.rs.core.Response;
import java.net.ConnectException;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class DatabaseErrorsTest {

    @Test
    void a_commit_that_fails_because_postgresql_died_is_unavailable_not_an_internal_error() {
        // as Narayana reports it: the rollback is thrown, the XAException with PostgreSQL's SQLState only suppressed
        Exception xa = new Exception(
                "Error trying to transactionCommit local transaction",
                new SQLException("FATAL: terminating connection due to unexpected postmaster exit", "57P01"));
        RuntimeException rollback = new RuntimeException("ARJUNA016053: Could not commit transaction.");
        rollback.addSuppressed(xa);
        assertTrue(DatabaseErrors.isUnavailable(new RuntimeException("Error invoking subclass method", rollback)));
    }

    @Test
    void a_connection_the_pool_gave_up_making_is_unavailable_not_an_internal_error() {
        // as Agroal and PgJDBC report an overloaded database (seen in make replicas): a 500 here failed reads that a
        // balancer would have sent to another replica, had they been answered 503
        SQLException unusual = new SQLException(
                "Something unusual has occurred to cause the driver to fail. Please report this exception.",
                "XX000",
                new RuntimeException("Interrupted while attempting to connect."));
        assertTrue(DatabaseErrors.isUnavailable(
                new RuntimeException("Unable to acquire JDBC Connection [" + unusual.getMessage() + "]", unusual)));
        assertFalse(DatabaseErrors.isUnavailable(new SQLException("Something unusual has occurred", "XX000")));
    }

    @Test
    void a_constraint_violation_is_not_unavailable_but_is_found_through_suppressed_exceptions() {
        RuntimeException outer = new RuntimeException("flush failed");
        outer.addSuppressed(new SQLException("duplicate key value", "23505"));
        assertFalse(DatabaseErrors.isUnavailable(outer));
        assertTrue(DatabaseErrors.isUniqueViolation(outer));
    }

    @Test
    void a_self_suppressing_error_ends() {
        RuntimeException loop = new RuntimeException("loop");
        RuntimeException other = new RuntimeException("other", loop);
        loop.addSuppressed(other);
        assertFalse(DatabaseErrors.isUnavailable(loop));
    }

    @Test
    void the_last_resort_answer_says_whether_the_database_refused_or_something_else_failed_and_503_when_it_is_away() {
        UnexpectedExceptionMapper mapper = new UnexpectedExceptionMapper();
        Response refused = mapper.toResponse(new PersistenceException("constraint", new SQLException("no", "23514")));
        assertEquals(500, refused.getStatus());
        assertEquals(Problem.MEDIA_TYPE, refused.getMediaType().toString());
        assertTrue(((String) refused.getEntity()).contains("\"detail\":\"the database refused the operation\""));
        Response unexpected = mapper.toResponse(new IllegalStateException("bug"));
        assertEquals(500, unexpected.getStatus());
        assertTrue(((String) unexpected.getEntity()).contains("\"detail\":\"an unexpected error occurred\""));
        for (RuntimeException away : new RuntimeException[] {
            new PersistenceException("no connection", new ConnectException("refused")),
            new IllegalStateException("pool", new SQLException("Acquisition timeout while waiting for new connection"))
        }) {
            Response answer = mapper.toResponse(away);
            assertEquals(503, answer.getStatus());
            assertEquals(String.valueOf(DatabaseErrors.RETRY_AFTER_SECONDS), answer.getHeaderString("Retry-After"));
        }
    }
}
