package dev.podium.companion;

import dev.podium.payload.DatabaseClient;
import java.sql.ResultSet;
import java.sql.SQLException;

/** The stored columns of a cell's companion figures (V16), as the read side selects and reads them back by name. */
public final class CompanionColumns {

    /** Appended to the read side's cell columns (cells aliased c). */
    public static final String CELL =
            "c.db_client, c.db_pool, c.target_cpu_seconds, c.database_cpu_seconds, c.balancer_cpu_seconds";

    private CompanionColumns() {}

    public static DatabaseClient database(ResultSet rs) throws SQLException {
        return DatabaseClient.stored(rs.getString("db_client"), rs.getObject("db_pool", Integer.class));
    }

    public static CpuSeconds cpuSeconds(ResultSet rs) throws SQLException {
        return CpuSeconds.stored(
                rs.getObject("target_cpu_seconds", Double.class),
                rs.getObject("database_cpu_seconds", Double.class),
                rs.getObject("balancer_cpu_seconds", Double.class));
    }
}
