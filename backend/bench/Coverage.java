/*
 * Interval coverage across JVM starts (issue 25, item 2): reads the payloads of runs that measured the same cells
 * (podium-agent run --output, several JVM starts per cell, `--forks F`), computes every interval with the service's
 * own rule (dev.podium.stats.CellStatistics, as ingest does) and prints how often a figure falls inside the
 * interval it should:
 *   one-start    the interval of one JVM start's repeats (what a one-fork cell shows) against the next start's figure
 *                (the next start of the same run, and the first start of the next run);
 *   multi-start  the interval over all F starts (the t-forks rule) against the next run's F-start figure;
 *   segment      the board's default basis: the interval over every earlier run (at least 2), the runs as its units
 *                (Segments.pooledStats), against the next run's figure.
 * A 95% interval should cover the next figure at least 90% of the time (the target). A pure computation over
 * files: the figures depend on how quiet the machine was while the runs were measured, not while this runs.
 *
 *   java -cp 'target/classes:DEPENDENCIES' backend/bench/Coverage.java run-1.json run-2.json ...
 *   (backend/bench/coverage.sh measures the runs and calls this; make bench-coverage)
 */
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.stats.CellStatistics;
import dev.podium.stats.CellStats;
import dev.podium.stats.RepeatFigures;
import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

public class Coverage {

    /** One cell of one run: its repeats by JVM start. */
    record Cell(String key, int vcpus, List<List<RepeatFigures>> starts) {

        CellStats stats(List<RepeatFigures> repeats) {
            return CellStatistics.of(repeats, vcpus);
        }

        CellStats oneStart(int fork) {
            return stats(starts.get(fork));
        }

        CellStats allStarts() {
            List<RepeatFigures> all = new ArrayList<>();
            starts.forEach(all::addAll);
            return stats(all);
        }
    }

    /** Hits over tries, printed as a share. */
    static final class Tally {
        int hits;
        int tries;

        void add(CellStats interval, double figure) {
            tries++;
            if (interval.rpsCiLow() != null && figure >= interval.rpsCiLow() && figure <= interval.rpsCiHigh()) {
                hits++;
            }
        }

        @Override
        public String toString() {
            return tries == 0
                    ? "no pairs"
                    : String.format(Locale.ROOT, "%d of %d (%.0f%%)", hits, tries, 100.0 * hits / tries);
        }
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: Coverage.java RUN.json RUN.json [...] (payloads of runs of the same cells)");
            System.exit(2);
        }
        ObjectMapper json = new ObjectMapper();
        List<Map<String, Cell>> runs = new ArrayList<>();
        for (String path : args) {
            runs.add(cells(json.readTree(new File(path))));
        }
        Tally nextStart = new Tally();
        Tally nextRunOneStart = new Tally();
        Tally nextRunMultiStart = new Tally();
        Map<String, Tally[]> perCell = new LinkedHashMap<>();
        for (int r = 0; r < runs.size(); r++) {
            for (Cell cell : runs.get(r).values()) {
                Tally[] mine = perCell.computeIfAbsent(cell.key(), k -> new Tally[] {new Tally(), new Tally()});
                for (int f = 0; f + 1 < cell.starts().size(); f++) {
                    CellStats next = cell.oneStart(f + 1);
                    nextStart.add(cell.oneStart(f), next.rpsTrimmedMean());
                    mine[0].add(cell.oneStart(f), next.rpsTrimmedMean());
                }
                Cell later = r + 1 < runs.size() ? runs.get(r + 1).get(cell.key()) : null;
                if (later == null) {
                    continue;
                }
                CellStats laterFirst = later.oneStart(0);
                nextRunOneStart.add(cell.oneStart(cell.starts().size() - 1), laterFirst.rpsTrimmedMean());
                mine[0].add(cell.oneStart(cell.starts().size() - 1), laterFirst.rpsTrimmedMean());
                if (cell.starts().size() > 1 && later.starts().size() > 1) {
                    nextRunMultiStart.add(cell.allStarts(), later.allStarts().rpsTrimmedMean());
                    mine[1].add(cell.allStarts(), later.allStarts().rpsTrimmedMean());
                }
            }
        }
        // the board's default basis: the runs so far pooled as a segment (the runs as units, Segments.pooledStats)
        Tally nextRunSegment = new Tally();
        for (int r = 2; r < runs.size(); r++) {
            for (Cell cell : runs.get(r).values()) {
                List<double[]> before = new ArrayList<>();
                for (int q = 0; q < r; q++) {
                    Cell earlier = runs.get(q).get(cell.key());
                    if (earlier != null) {
                        before.add(earlier.starts().stream()
                                .flatMap(List::stream)
                                .mapToDouble(RepeatFigures::requestsPerSecond)
                                .toArray());
                    }
                }
                if (before.size() < 2) {
                    continue;
                }
                CellStatistics.Spread segment = CellStatistics.forkSpread(before.toArray(double[][]::new));
                double next = cell.allStarts().rpsTrimmedMean();
                nextRunSegment.tries++;
                if (segment.ciLow() != null && next >= segment.ciLow() && next <= segment.ciHigh()) {
                    nextRunSegment.hits++;
                }
            }
        }
        System.out.printf(Locale.ROOT, "%d runs; per cell: one-start intervals covering the next start | multi-start"
                + " intervals covering the next run%n", runs.size());
        perCell.forEach((key, t) -> System.out.printf(Locale.ROOT, "  %-55s %-16s | %s%n", key, t[0], t[1]));
        Tally oneStart = new Tally();
        oneStart.hits = nextStart.hits + nextRunOneStart.hits;
        oneStart.tries = nextStart.tries + nextRunOneStart.tries;
        System.out.println("one-start 95% intervals covering the next JVM start's figure:");
        System.out.println("  the next start of the same run:  " + nextStart);
        System.out.println("  the first start of the next run: " + nextRunOneStart);
        System.out.println("  in all:                          " + oneStart);
        System.out.println("multi-start 95% intervals (t over the starts' means) covering the next run's figure: "
                + nextRunMultiStart);
        System.out.println("the board's segment interval (every earlier run pooled, the runs as units) covering the"
                + " next run's figure: " + nextRunSegment);
        System.out.println("target: at least 90% (a 95% interval that holds across JVM starts)");
    }

    /** The closed-loop cells of one payload, keyed by what identifies a cell, their repeats grouped by JVM start. */
    static Map<String, Cell> cells(JsonNode payload) {
        Map<String, Cell> cells = new LinkedHashMap<>();
        for (JsonNode c : payload.path("results")) {
            if (!"closed".equals(c.path("loadModel").asText())) {
                continue;
            }
            String key = String.join(
                    " ",
                    c.path("framework").asText(),
                    "(" + c.path("ioModel").asText() + ")",
                    c.path("scenario").asText(),
                    "c=" + c.path("connections").asInt(),
                    c.path("vcpus").asInt() + " vCPU",
                    c.path("topology").asText("single"));
            List<List<RepeatFigures>> starts = new ArrayList<>();
            for (JsonNode r : c.path("repeats")) {
                int fork = r.path("fork").asInt(0);
                while (starts.size() <= fork) {
                    starts.add(new ArrayList<>());
                }
                starts.get(fork)
                        .add(new RepeatFigures(
                                r.path("requests").asLong(),
                                r.path("requestsPerSecond").asDouble(),
                                r.path("latencyMs").path("p50").asDouble(),
                                r.path("latencyMs").path("p90").asDouble(),
                                r.path("latencyMs").path("p99").asDouble(),
                                0,
                                0,
                                null,
                                null,
                                0));
            }
            starts.removeIf(List::isEmpty);
            if (!starts.isEmpty()) {
                cells.put(key, new Cell(key, c.path("vcpus").asInt(1), starts));
            }
        }
        return cells;
    }
}
