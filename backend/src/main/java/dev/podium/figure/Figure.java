package dev.podium.figure;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The per-repeat figures, declared once (docs/architecture.md, "Figures"): each one's name in the payload and the API,
 * where the payload's repeat holds it, whether it is a whole number, how a cell's repeats are summed up in it, whether
 * only JVM cells have it, and what a reader sees of it (label, unit, description). Its column is its name in snake_case,
 * on repeats and (unless it is only per repeat) on cells: an ESTIMATE is four cell columns (the name, _ci_low, _ci_high,
 * _repeats), a MEAN or MAX one. The ingest mapping ({@link FigureValues#of}), the COPY column lists and the read queries'
 * columns ({@link FigureColumns}), the cell's aggregate ({@link CellFigures#of}) and the answers' {@code figures} all
 * come from this list; a figure added here needs its migration (columns on repeats, and on cells unless NONE), its
 * field in schema/run.v2.schema.json and its label in the site (frontend/src/lib/figures.ts).
 *
 * <p>A figure's name and column are SQL identifiers written here, never taken from input: {@link #column} is checked
 * against [a-z][a-z0-9_]* when the class loads.
 */
public enum Figure {
    ALLOCATED_BYTES_PER_REQUEST(
            "allocatedBytesPerRequest",
            In.USAGE,
            false,
            Aggregate.ESTIMATE,
            true,
            "Allocation",
            "bytes/request",
            "bytes allocated on the heap per request"),
    GC_COUNT("gcCount", In.USAGE, true, Aggregate.MEAN, true, "GC pauses", null, "garbage-collection pauses"),
    GC_SECONDS("gcSeconds", In.USAGE, false, Aggregate.MEAN, true, "GC time", "s", "time in those pauses"),
    GC_CPU_SHARE(
            "gcCpuShare",
            In.USAGE,
            false,
            Aggregate.MEAN,
            true,
            "GC CPU",
            "fraction",
            "the GC threads' CPU time over the target's"),
    GC_PAUSE_MAX_MS(
            "gcPauseMaxMs", In.USAGE, false, Aggregate.MAX, true, "Longest pause", "ms", "the longest GC pause"),
    STEAL_SHARE(
            "stealShare",
            In.REPEAT,
            false,
            Aggregate.NONE,
            false,
            "Steal",
            "fraction",
            "the share of the machine's CPU time the hypervisor gave to others over the repeat"),
    TARGET_CPU_SHARE(
            "targetCpuShare",
            In.REPEAT,
            false,
            Aggregate.NONE,
            false,
            "Target CPU",
            "fraction",
            "the target's CPU time over wall time x the cell's vCPUs"),
    STEAL_RETRIES(
            "stealRetries",
            In.REPEAT,
            true,
            Aggregate.NONE,
            false,
            "Steal retries",
            null,
            "tries of the repeat discarded before it for steal"),
    MINOR_FAULTS_PER_REQUEST(
            "minorFaultsPerRequest",
            In.USAGE,
            false,
            Aggregate.ESTIMATE,
            false,
            "Minor faults",
            "faults/request",
            "minor page faults of the target's process tree per request");

    /** Where the payload's repeat (results[].repeats[]) holds the figure. */
    public enum In {
        /** the repeat's usage object (payload v2) */
        USAGE,
        /** the repeat itself */
        REPEAT
    }

    /** How a cell's repeats that carry the figure are summed up in the cell's columns. */
    public enum Aggregate {
        /** the mean per repeat and its 95% t interval over them (stats' Estimate): four columns */
        ESTIMATE,
        /** the mean per repeat: one column */
        MEAN,
        /** the largest of them: one column */
        MAX,
        /** none: the figure is kept per repeat only */
        NONE
    }

    /** Every figure, in the declaration's order (the order of their columns everywhere). */
    public static final List<Figure> ALL = List.of(values());

    /** The values present of an array indexed by ordinal, by API name, in the declaration's order. */
    static <V> Map<String, V> byApiName(V[] byOrdinal) {
        Map<String, V> named = new LinkedHashMap<>();
        for (Figure f : ALL) {
            if (byOrdinal[f.ordinal()] != null) {
                named.put(f.apiName(), byOrdinal[f.ordinal()]);
            }
        }
        return named;
    }

    static {
        // (a static block: an enum's constants are built before its other static fields)
        Pattern identifier = Pattern.compile("[a-z][a-z0-9_]*");
        for (Figure f : ALL) {
            if (!identifier.matcher(f.column).matches()) {
                throw new IllegalStateException("not a column name: " + f.column);
            }
        }
    }

    private final String apiName;
    private final In in;
    private final boolean whole;
    private final Aggregate aggregate;
    private final boolean jvmOnly;
    private final String label;
    private final String unit;
    private final String description;
    private final String column;

    Figure(
            String apiName,
            In in,
            boolean whole,
            Aggregate aggregate,
            boolean jvmOnly,
            String label,
            String unit,
            String description) {
        this.apiName = apiName;
        this.in = in;
        this.whole = whole;
        this.aggregate = aggregate;
        this.jvmOnly = jvmOnly;
        this.label = label;
        this.unit = unit;
        this.description = description;
        this.column = apiName.replaceAll("([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT);
    }

    /** Its name in the payload (in {@link #in}) and in the answers. */
    public String apiName() {
        return apiName;
    }

    public In in() {
        return in;
    }

    /** A whole number (bigint or integer column), else a double precision one. */
    public boolean whole() {
        return whole;
    }

    public Aggregate aggregate() {
        return aggregate;
    }

    /** Only JVM cells have it (the agent reads it from the JVM); null elsewhere. */
    public boolean jvmOnly() {
        return jvmOnly;
    }

    public String label() {
        return label;
    }

    /** Its unit, null for a plain count. */
    public String unit() {
        return unit;
    }

    public String description() {
        return description;
    }

    /** Its column on repeats, and the first of its columns on cells: its name in snake_case. */
    public String column() {
        return column;
    }

    /** Its columns on cells, in COPY and read order: none for NONE, four for an ESTIMATE, else one. */
    public List<String> cellColumns() {
        return switch (aggregate) {
            case NONE -> List.of();
            case ESTIMATE -> List.of(column, column + "_ci_low", column + "_ci_high", column + "_repeats");
            case MEAN, MAX -> List.of(column);
        };
    }

    /** What a table's note says of who has it. */
    public String whoHasIt() {
        return jvmOnly ? " (JVM cells of payload v2 runs)" : " (payload v2 runs)";
    }
}
