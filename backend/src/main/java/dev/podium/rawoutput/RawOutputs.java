package dev.podium.rawoutput;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.stream.Stream;

/** Stores the cells' raw output (cell_raw_outputs), in the transaction that stores their run. */
public final class RawOutputs {

    private RawOutputs() {}

    /** A cell's id and its raw output's gzip stream (null: it has none). */
    public record Row(long cellId, byte[] gzip) {}

    /** Inserts the rows that have raw output, as one batch on the transaction's connection. */
    public static void write(Connection connection, Stream<Row> rows) throws SQLException {
        try (PreparedStatement s =
                connection.prepareStatement("insert into cell_raw_outputs (cell_id, gzip) values (?, ?)")) {
            int n = 0;
            for (Iterator<Row> it = rows.iterator(); it.hasNext(); ) {
                Row r = it.next();
                if (r.gzip() == null) {
                    continue;
                }
                s.setLong(1, r.cellId());
                s.setBytes(2, r.gzip());
                s.addBatch();
                n++;
            }
            if (n > 0) {
                s.executeBatch();
            }
        }
    }
}
