package dev.podium.figure;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The declared figures' columns as SQL lists, built once from {@link Figure} (identifiers written there, never input):
 * what COPY writes at ingest and the read queries select.
 */
public final class FigureColumns {

    /** The figures' columns on repeats, comma-separated, in declaration order. */
    public static final String REPEAT = Figure.ALL.stream().map(Figure::column).collect(Collectors.joining(", "));

    /** The figures' columns on cells, comma-separated, in declaration order (an ESTIMATE's four together). */
    public static final String CELL = cellColumns().stream().collect(Collectors.joining(", "));

    /** {@link #CELL}, each column of the table aliased c (cells c join runs r). */
    public static final String CELL_OF_C =
            cellColumns().stream().map(c -> "c." + c).collect(Collectors.joining(", "));

    private FigureColumns() {}

    private static List<String> cellColumns() {
        return Figure.ALL.stream().flatMap(f -> f.cellColumns().stream()).toList();
    }

    /** A number as a COPY text column after a tab: \N when null, a whole figure without a fraction. */
    static void copyNumber(StringBuilder out, Number value, boolean whole) {
        out.append('\t');
        if (value == null) {
            out.append("\\N");
        } else if (whole) {
            out.append(Math.round(value.doubleValue()));
        } else {
            out.append(value);
        }
    }
}
