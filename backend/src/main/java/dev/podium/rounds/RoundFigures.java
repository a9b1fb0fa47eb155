package dev.podium.rounds;

import dev.podium.common.Rows;
import dev.podium.replica.Routed;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;
import lombok.RequiredArgsConstructor;

/**
 * The stored JVM starts of cells measured in interleaved rounds (cell_starts): what the comparison engine pairs two
 * cells of one run by (verdict.Evidence.inRounds), and what a run's cells show.
 */
@ApplicationScoped
@RequiredArgsConstructor
public class RoundFigures {

    private static final String SQL = "select cell_id, fork, round, order_in_round, started_at, figure"
            + " from cell_starts where cell_id = any(?) order by cell_id, fork";

    @Routed
    private final DataSource dataSource;

    /** For each of the cells that has starts: round -> that round's start's figure. Cells without starts are absent. */
    public Map<Long, Map<Integer, Double>> byCell(Collection<Long> cellIds) {
        Map<Long, Map<Integer, Double>> out = new HashMap<>();
        for (StartRows.Row r : query(cellIds)) {
            out.computeIfAbsent(r.cellId(), k -> new TreeMap<>())
                    .put(r.start().round(), r.start().figure());
        }
        return out;
    }

    /** For each of the cells that has starts: its starts in start (fork) order. Cells without starts are absent. */
    public Map<Long, List<JvmStart>> starts(Collection<Long> cellIds) {
        Map<Long, List<JvmStart>> out = new HashMap<>();
        for (StartRows.Row r : query(cellIds)) {
            out.computeIfAbsent(r.cellId(), k -> new ArrayList<>()).add(r.start());
        }
        return out;
    }

    /** The stored starts of the cells, one query, by cell and fork. */
    private List<StartRows.Row> query(Collection<Long> cellIds) {
        if (cellIds.isEmpty()) {
            return List.of();
        }
        try (Connection c = dataSource.getConnection()) {
            return Rows.of(
                    c,
                    SQL,
                    List.of((Object) cellIds.toArray(Long[]::new)),
                    rs -> new StartRows.Row(
                            rs.getLong(1),
                            new JvmStart(
                                    rs.getInt(2),
                                    rs.getInt(3),
                                    rs.getInt(4),
                                    rs.getObject(5, OffsetDateTime.class).toInstant(),
                                    rs.getDouble(6))));
        } catch (SQLException e) {
            throw new IllegalStateException("reading the JVM starts of " + cellIds.size() + " cells failed", e);
        }
    }
}
