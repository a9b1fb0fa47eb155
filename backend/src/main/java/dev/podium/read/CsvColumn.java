package dev.podium.read;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * One column of a CSV answer the site does not build a table of (the described ones are columns.Table, served by GET
 * /api/columns): its JSON name, the header before snake_case, beside how a row's value is read, so that a header and
 * its cells are written once, in one place.
 */
public record CsvColumn<R>(String name, Function<R, Object> value) {

    /** The rows as CSV in read's dialect ({@link Csv#table}): a header of the columns' names, a line per row. */
    public static <R> String table(List<CsvColumn<R>> columns, List<R> rows) {
        List<List<Object>> lines = new ArrayList<>(rows.size());
        for (R row : rows) {
            List<Object> line = new ArrayList<>(columns.size());
            for (CsvColumn<R> c : columns) {
                line.add(c.value().apply(row));
            }
            lines.add(line);
        }
        return Csv.table(columns.stream().map(CsvColumn::name).toList(), lines);
    }
}
