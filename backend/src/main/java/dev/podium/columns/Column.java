package dev.podium.columns;

import dev.podium.read.Csv;
import dev.podium.stats.Estimate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * One column of a table, described once: its JSON name (the CSV header is its snake_case), what a reader sees (label,
 * unit, description), where its value sits in the JSON answer ({@code field}, for a client that renders the table
 * from the answer it already has) and how the service reads it from a row (the CSV).
 *
 * @param field a dot path in the JSON answer: {@code rows[].x.y} is each row's x.y (a CSV line per item of the list
 *     rows), {@code x} the answer's own x; in nested lists, {@code series[].points[].x} is each point's x (a line per
 *     point) and {@code series[].x} the x of the point's series; a last step {@code a:b} after a list of the row
 *     ({@code rows[].sweep[].a:b}) writes each item's a and b joined by ':', items joined by a space
 */
public record Column<R>(
        String name, String label, String unit, String description, String field, Function<R, Object> value) {

    /** A column whose value is the row's field of the same name. */
    public static <R> Column<R> of(
            String name, String label, String unit, String description, Function<R, Object> value) {
        return new Column<>(name, label, unit, description, "rows[]." + name, value);
    }

    // the four columns of an estimate: their name suffixes, fields, and what each is
    private static final String[] PARTS = {"", "CiLow", "CiHigh", "Repeats"};
    private static final String[] FIELDS = {"mean", "ciLow", "ciHigh", "repeats"};
    private static final String[] WHAT = {"mean", "95% CI low", "95% CI high", "repeats behind it"};

    /**
     * The four columns of an estimate at {@code field} (mean, its 95% interval, the repeats behind it): name,
     * nameCiLow, nameCiHigh and nameRepeats, each described as {@code description}, what it is, then {@code note};
     * empty where the row has no estimate.
     */
    public static <R> List<Column<R>> estimate(
            String name,
            String label,
            String unit,
            String description,
            String note,
            String field,
            Function<R, Estimate> value) {
        List<Column<R>> columns = new ArrayList<>();
        for (int part = 0; part < PARTS.length; part++) {
            int p = part;
            columns.add(new Column<>(
                    name + PARTS[part],
                    label + (part == 0 ? "" : ", " + WHAT[part]),
                    part == 3 ? null : unit,
                    description + ", " + WHAT[part] + note,
                    field + "." + FIELDS[part],
                    r -> {
                        Object v = Csv.figure(value.apply(r), p);
                        return "".equals(v) ? null : v;
                    }));
        }
        return columns;
    }

    /** The served description, without the service's reader. */
    public Description described() {
        return new Description(name, Csv.snakeCase(name), label, unit, description, field);
    }
}
