package dev.podium.read;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import lombok.RequiredArgsConstructor;

/**
 * What a read endpoint over cells is built on: the cell queries it reads with, and the answers that render, cache and
 * send what it computes from them (JSON, or JSON and CSV for a table).
 */
@RequiredArgsConstructor
public abstract class CellEndpoint {

    protected final CellQueries queries;
    protected final Answers answers;

    /** The run id of a path ({id}); 404 naming {@code id} when it is not a UUID: no run has it. */
    public static UUID runId(String id) {
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw ReadProblems.notFound("id", "no run " + id);
        }
    }

    /**
     * The host class a chart is drawn on: the one asked for, else that of the most recent run measuring the filter's
     * scenario and load model; null when no run measured them.
     */
    protected String hostClassOrLatest(CellFilter filter) {
        return filter.hostClass() != null
                ? filter.hostClass()
                : queries.latestHostClass(filter.scenario(), filter.loadModel());
    }

    /**
     * Keeps {@code cell} under {@code key} when it is of the run of the cells kept there, or in their place when it is
     * of a newer run: each key ends with the cells of its newest run.
     */
    protected static <K> void keepNewestRun(Map<K, List<CellRow>> kept, K key, CellRow cell) {
        List<CellRow> current = kept.get(key);
        if (current == null || CellRow.newestFirst(cell, current.get(0)) < 0) {
            kept.put(key, new ArrayList<>(List.of(cell)));
        } else if (current.get(0).runId().equals(cell.runId())) {
            current.add(cell);
        }
    }
}
