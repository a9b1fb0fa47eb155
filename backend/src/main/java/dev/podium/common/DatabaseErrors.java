package dev.podium.common;

import jakarta.ws.rs.core.Response;
import java.net.ConnectException;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;

/** Classifies database exceptions by their SQLState along the cause chain, and answers those no mapper took. */
public final class DatabaseErrors {

    public static final int RETRY_AFTER_SECONDS = 5;

    private DatabaseErrors() {}

    /**
     * Connection failures (SQLState class 08, refused sockets, pool timeouts, a new connection given up while it was
     * being made, server shutting down), a database too slow to answer (statement timeout 57014, lock timeout
     * 55P03), and rows no partition takes yet: each is worth a retry later.
     */
    public static boolean isUnavailable(Throwable error) {
        for (Throwable t : chain(error)) {
            if (t instanceof ConnectException) {
                return true;
            }
            // the driver's connect, interrupted when the pool stops waiting for it (its acquisition timeout, or the
            // pool closing): PgJDBC wraps it as "Something unusual has occurred", SQLState XX000
            if (String.valueOf(t.getMessage()).startsWith("Interrupted while attempting to connect")) {
                return true;
            }
            if (t instanceof SQLException sql) {
                String state = sql.getSQLState();
                if (state != null
                        && (state.startsWith("08")
                                || state.equals("57P01")
                                || state.equals("57P03")
                                || state.equals("57014")
                                || state.equals("55P03"))) {
                    return true;
                }
                String message = String.valueOf(sql.getMessage());
                if (message.contains("Acquisition timeout")
                        || message.contains("Unable to acquire JDBC Connection")
                        // ids beyond the newest partition of repeats: the next is being made
                        // (partition.RepeatPartitions)
                        || message.contains("no partition of relation")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** True when a unique constraint was violated (SQLState 23505). */
    public static boolean isUniqueViolation(Throwable error) {
        for (Throwable t : chain(error)) {
            if (t instanceof SQLException sql && "23505".equals(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }

    /**
     * The error, its causes and the exceptions suppressed along the way: a commit that fails because PostgreSQL died
     * surfaces as a rollback whose XAException, carrying the SQLState, is only suppressed, not a cause.
     */
    static List<Throwable> chain(Throwable error) {
        List<Throwable> seen = new ArrayList<>();
        ArrayDeque<Throwable> todo = new ArrayDeque<>();
        if (error != null) {
            todo.add(error);
        }
        while (!todo.isEmpty() && seen.size() < 64) {
            Throwable t = todo.poll();
            if (seen.stream().anyMatch(s -> s == t)) {
                continue;
            }
            seen.add(t);
            if (t.getCause() != null) {
                todo.add(t.getCause());
            }
            todo.addAll(List.of(t.getSuppressed()));
        }
        return seen;
    }

    public static Problem unavailable() {
        return new Problem(
                Problems.TYPE_BASE + "database-unavailable",
                "Service unavailable",
                503,
                "the database cannot be reached; retry later",
                null,
                null);
    }

    /**
     * The answer to an exception no other mapper took: 503 with Retry-After when the database cannot be reached (a
     * warning in the log), else a 500 whose detail is {@code detail} (logged as {@code what} with the stack trace).
     */
    public static Response answer(Throwable exception, Logger log, String what, String detail) {
        if (isUnavailable(exception)) {
            log.warnf("database unavailable: %s", rootMessage(exception));
            return Problems.response(unavailable(), RETRY_AFTER_SECONDS);
        }
        log.error(what, exception);
        return Problems.response(
                new Problem(Problems.TYPE_BASE + "internal", "Internal error", 500, detail, null, null), null);
    }

    public static String rootMessage(Throwable error) {
        Throwable t = error;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.toString();
    }
}
