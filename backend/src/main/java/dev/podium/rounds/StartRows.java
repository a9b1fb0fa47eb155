package dev.podium.rounds;

import java.io.IOException;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Iterator;
import java.util.stream.Stream;
import org.postgresql.PGConnection;

/** Stores the cells' JVM starts (cell_starts) with COPY, in the transaction that stores their run. */
public final class StartRows {

    private static final String COPY =
            "copy cell_starts (cell_id, fork, round, order_in_round, started_at, figure) from stdin";

    private StartRows() {}

    /** A stored cell's id and one of its starts. */
    public record Row(long cellId, JvmStart start) {}

    /** Writes the rows on the transaction's connection; nothing at all (not even a COPY) when there are none. */
    public static void write(Connection connection, Stream<Row> rows) throws SQLException {
        StringBuilder text = new StringBuilder();
        for (Iterator<Row> it = rows.iterator(); it.hasNext(); ) {
            Row r = it.next();
            JvmStart s = r.start();
            text.append(r.cellId())
                    .append('\t')
                    .append(s.fork())
                    .append('\t')
                    .append(s.round())
                    .append('\t')
                    .append(s.order())
                    .append('\t')
                    .append(s.startedAt())
                    .append('\t')
                    .append(s.figure())
                    .append('\n');
        }
        if (text.isEmpty()) {
            return;
        }
        try {
            connection.unwrap(PGConnection.class).getCopyAPI().copyIn(COPY, new StringReader(text.toString()));
        } catch (IOException e) {
            throw new SQLException("COPY of the cells' JVM starts failed", e);
        }
    }
}
