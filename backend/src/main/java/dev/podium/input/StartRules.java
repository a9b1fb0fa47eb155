package dev.podium.input;

import com.fasterxml.jackson.databind.JsonNode;
import dev.podium.common.Problem.FieldError;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * A cell's starts (results[].starts, schema/README.md "rounds"): the rules its JSON Schema cannot say. The cell's
 * repeats then name their JVM start (fork), the starts list each fork of the repeats exactly once, and no two starts
 * of the cell share a round.
 */
final class StartRules {

    private StartRules() {}

    /** Adds an error for each cell whose starts break a rule; the fork rules of the repeats are checked beside these. */
    static void check(JsonNode run, List<FieldError> errors) {
        JsonNode results = run.get("results");
        for (int c = 0; c < results.size(); c++) {
            JsonNode starts = results.get(c).get("starts");
            if (starts != null && starts.isArray()) {
                cell(c, starts, results.get(c).get("repeats"), errors);
            }
        }
    }

    private static void cell(int c, JsonNode starts, JsonNode repeats, List<FieldError> errors) {
        String at = "results[" + c + "]";
        TreeSet<Integer> measured = new TreeSet<>();
        for (JsonNode r : repeats) {
            if (r.has("fork")) {
                measured.add(r.get("fork").intValue());
            }
        }
        if (measured.isEmpty()) {
            errors.add(new FieldError(
                    at + ".repeats[0].fork",
                    "missing: the cell lists its JVM starts (starts), so every repeat names the start it was measured"
                            + " on"));
            return;
        }
        Map<Integer, Integer> listed = new HashMap<>(); // fork -> index in starts
        Map<Integer, Integer> rounds = new HashMap<>(); // round -> fork
        for (int i = 0; i < starts.size(); i++) {
            String start = at + ".starts[" + i + "]";
            int fork = starts.get(i).get("fork").intValue();
            int round = starts.get(i).get("round").intValue();
            if (!measured.contains(fork)) {
                errors.add(new FieldError(start + ".fork", "no repeat of the cell was measured on JVM start " + fork));
            } else if (listed.putIfAbsent(fork, i) != null) {
                errors.add(new FieldError(
                        start + ".fork",
                        "JVM start " + fork + " is listed twice (at starts[" + listed.get(fork) + "])"));
            }
            Integer other = rounds.putIfAbsent(round, fork);
            if (other != null) {
                errors.add(new FieldError(
                        start + ".round",
                        "round " + round + " already has JVM start " + other
                                + " of this cell: a cell has at most one start per round"));
            }
        }
        for (int fork : measured) {
            if (!listed.containsKey(fork)) {
                errors.add(new FieldError(
                        at + ".starts",
                        "JVM start " + fork + " of the cell's repeats is not listed: starts lists every start once"));
                break;
            }
        }
    }
}
