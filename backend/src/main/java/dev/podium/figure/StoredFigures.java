package dev.podium.figure;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The declared figures of one stored run's cells and repeats, for its detail (the entities do not map them). */
public final class StoredFigures {

    private static final String CELLS = "select id, " + FigureColumns.CELL + " from cells where run_id = ?";
    private static final String REPEATS = "select cell_id, " + FigureColumns.REPEAT
            + " from repeats where cell_id in (select id from cells where run_id = ?) order by cell_id, ordinal";

    private StoredFigures() {}

    /** Cell id -> the cell's figures, for every cell of the run. */
    public static Map<Long, CellFigures> cells(Connection c, UUID runId) throws SQLException {
        Map<Long, CellFigures> out = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement(CELLS)) {
            ps.setObject(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getLong(1), CellFigures.read(rs));
                }
            }
        }
        return out;
    }

    /** Cell id -> its repeats' figures in repeat order, for every cell of the run. */
    public static Map<Long, List<FigureValues>> repeats(Connection c, UUID runId) throws SQLException {
        Map<Long, List<FigureValues>> out = new HashMap<>();
        try (PreparedStatement ps = c.prepareStatement(REPEATS)) {
            ps.setObject(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.computeIfAbsent(rs.getLong(1), k -> new ArrayList<>()).add(FigureValues.read(rs));
                }
            }
        }
        return out;
    }
}
