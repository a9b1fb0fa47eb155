package dev.podium.security;

import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import javax.sql.DataSource;
import lombok.RequiredArgsConstructor;
import org.jboss.logging.Logger;

/**
 * The limits' state in PostgreSQL (table rate_limits, V18), so that every replica on one database draws from the same
 * bucket: each take or count is one INSERT ... ON CONFLICT DO UPDATE ... RETURNING, atomic under the row's lock, on
 * the database's clock. When the database cannot be asked the callers fall back to their own process's state (a
 * limit per process, never none), and say so in the log at most once a minute.
 */
@ApplicationScoped
@RequiredArgsConstructor
public class SharedLimits {

    private static final Logger LOG = Logger.getLogger(SharedLimits.class);

    /** Every this many takes a replica deletes the rows untouched for two minutes (full buckets, expired windows). */
    private static final int SWEEP_EVERY = 1000;

    /** The bucket's tokens now: what was left plus the refill since, at most a minute's worth. */
    private static final String REFILL =
            "least(:rate, r.amount + greatest(0, extract(epoch from statement_timestamp() - r.at)) * :rate / 60)";

    /** :name comes first and once, then only :rate markers, which are all bound to the same value. */
    private static final String TAKE_TEMPLATE = """
            insert into rate_limits as r (name, amount, at, granted) values (:name, :rate - 1, statement_timestamp(), true)
            on conflict (name) do update set
                granted = REFILL >= 1,
                amount = REFILL - case when REFILL >= 1 then 1 else 0 end,
                at = greatest(r.at, statement_timestamp())
            returning granted, amount""".replace("REFILL", REFILL);

    private static final String TAKE = TAKE_TEMPLATE.replace(":name", "?").replace(":rate", "?::float8");
    private static final int RATE_MARKERS = TAKE_TEMPLATE.split(":rate", -1).length - 1;

    private static final String FAIL = """
            insert into rate_limits as r (name, amount, at) values (?, 1, statement_timestamp())
            on conflict (name) do update set
                amount = case when statement_timestamp() - r.at >= interval '1 minute' then 1 else r.amount + 1 end,
                at = case when statement_timestamp() - r.at >= interval '1 minute' then statement_timestamp() else r.at end""";

    private static final String WINDOW =
            "select amount, extract(epoch from statement_timestamp() - at) * 1000 from rate_limits where name = ?";

    private final AtomicLong takes = new AtomicLong();
    private final AtomicLong lastWarning = new AtomicLong(System.nanoTime() - 120_000_000_000L); // none yet

    private final DataSource dataSource;

    /**
     * Takes a token from the named bucket (a burst of perMinute, refilled evenly): 0 when one was taken, else the
     * milliseconds until the next; empty when the database could not be asked.
     */
    OptionalLong take(String name, double perMinute) {
        return outsideTransaction(() -> takeNow(name, perMinute));
    }

    private OptionalLong takeNow(String name, double perMinute) {
        if (takes.incrementAndGet() % SWEEP_EVERY == 0) {
            sweep();
        }
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement(TAKE)) {
            s.setString(1, name);
            for (int i = 0; i < RATE_MARKERS; i++) {
                s.setDouble(i + 2, perMinute);
            }
            try (ResultSet r = s.executeQuery()) {
                r.next();
                if (r.getBoolean(1)) {
                    return OptionalLong.of(0);
                }
                return OptionalLong.of((long) Math.ceil((1 - r.getDouble(2)) * 60_000 / perMinute));
            }
        } catch (SQLException e) {
            warn(e);
            return OptionalLong.empty();
        }
    }

    /**
     * The milliseconds until the named window of failures ends when it holds max failures already, 0 when another
     * attempt may go; empty when the database could not be asked.
     */
    OptionalLong windowWait(String name, int max, long windowMillis) {
        return outsideTransaction(() -> windowWaitNow(name, max, windowMillis));
    }

    private OptionalLong windowWaitNow(String name, int max, long windowMillis) {
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement(WINDOW)) {
            s.setString(1, name);
            try (ResultSet r = s.executeQuery()) {
                if (!r.next()) {
                    return OptionalLong.of(0);
                }
                long age = (long) r.getDouble(2);
                return OptionalLong.of(age < windowMillis && r.getDouble(1) >= max ? windowMillis - age : 0);
            }
        } catch (SQLException e) {
            warn(e);
            return OptionalLong.empty();
        }
    }

    /** Counts a failure in the named one-minute window; false when the database could not be asked. */
    boolean countFailure(String name) {
        return outsideTransaction(() -> countFailureNow(name));
    }

    private boolean countFailureNow(String name) {
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement(FAIL)) {
            s.setString(1, name);
            s.executeUpdate();
            return true;
        } catch (SQLException e) {
            warn(e);
            return false;
        }
    }

    /**
     * A limit's statement commits on its own: inside a caller's transaction its row would stay locked until that
     * commits, and a failure counted there would be rolled back with the refused request.
     */
    private static <T> T outsideTransaction(Supplier<T> work) {
        return QuarkusTransaction.isActive() ? QuarkusTransaction.requiringNew().call(work::get) : work.get();
    }

    private void sweep() {
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement(
                        "delete from rate_limits where at < statement_timestamp() - interval '2 minutes'")) {
            s.executeUpdate();
        } catch (SQLException e) {
            warn(e);
        }
    }

    private void warn(SQLException e) {
        long now = System.nanoTime();
        long last = lastWarning.get();
        if (now - last > 60_000_000_000L && lastWarning.compareAndSet(last, now)) {
            LOG.warnf(
                    "the shared limits cannot be read from the database (%s); this replica limits on its own until it can",
                    e.getMessage());
        }
    }
}
