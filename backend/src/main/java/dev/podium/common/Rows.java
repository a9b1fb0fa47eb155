package dev.podium.common;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** The rows of one SQL query in plain JDBC: the bind, execute and collect loop every hand-written query shares. */
public final class Rows {

    private Rows() {}

    /** One row of a result set as a value. */
    @FunctionalInterface
    public interface Mapper<T> {
        T map(ResultSet rs) throws SQLException;
    }

    /**
     * The rows of {@code sql} on connection c (a pool's, or a caller's transaction), each value bound in order: a
     * UUID[] as a uuid array, a Long[] as a bigint array, anything else (null among them) as itself.
     */
    public static <T> List<T> of(Connection c, String sql, List<?> values, Mapper<T> mapper) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < values.size(); i++) {
                Object v = values.get(i);
                if (v instanceof UUID[] ids) {
                    ps.setArray(i + 1, c.createArrayOf("uuid", ids));
                } else if (v instanceof Long[] ids) {
                    ps.setArray(i + 1, c.createArrayOf("bigint", ids));
                } else {
                    ps.setObject(i + 1, v);
                }
            }
            List<T> rows = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    rows.add(mapper.map(rs));
                }
            }
            return rows;
        }
    }
}
