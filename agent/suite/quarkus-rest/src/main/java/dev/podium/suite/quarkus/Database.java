package dev.podium.suite.quarkus;

import dev.podium.suite.common.DatabaseSettings;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.PoolOptions;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The db scenarios' client: the Vert.x reactive PostgreSQL client's Pool on Quarkus's own Vert.x instance, through its
 * Mutiny binding, as the Quarkus "Using Eclipse Vert.x" guide shows for Vert.x clients. It stands in for the
 * quarkus-reactive-pg-client extension, which builds the same Pool from quarkus.datasource.* but whose 3.32.0 release
 * does not resolve from Maven Central here. Building the pool opens no connection: the first query does, so the target
 * starts, and serves the other scenarios, without a database.
 */
public class Database {
    /** From the agent's PODIUM_TARGET_DB_* variables; the pool size defaults to 16. */
    @Produces
    @Singleton
    Pool pool(Vertx vertx) {
        DatabaseSettings settings = DatabaseSettings.from(System.getenv());
        PgConnectOptions connect = new PgConnectOptions()
                .setHost(settings.host())
                .setPort(settings.port())
                .setDatabase(settings.name())
                .setUser(settings.user())
                .setPassword(settings.password())
                // default false; pgjdbc and r2dbc-postgresql reuse server-side prepared statements by default
                .setCachePreparedStatements(true);
        PoolOptions options = new PoolOptions()
                .setMaxSize(settings.pool())
                // connections spread over one event loop per processor (default 0: the creating thread's event loop)
                .setEventLoopSize(Runtime.getRuntime().availableProcessors());
        return Pool.newInstance(PgBuilder.pool()
                .with(options)
                .connectingTo(connect)
                .using(vertx.getDelegate())
                .build());
    }

    void close(@Disposes Pool pool) {
        pool.closeAndForget();
    }
}
