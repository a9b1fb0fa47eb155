package dev.podium.columns;

import dev.podium.read.Csv;
import java.util.List;

/**
 * A table's columns in their order, described once: the CSV header and rows and the served descriptions are rendered
 * from them. A feature declares its table as an application-scoped bean (GET /api/columns/{name} finds it there).
 */
public record Table<R>(String name, List<Column<R>> columns) {

    /** A table of its columns given in parts (an estimate's four among single columns), in order. */
    @SafeVarargs
    public static <R> Table<R> of(String name, List<Column<R>>... parts) {
        return new Table<>(
                name, java.util.Arrays.stream(parts).flatMap(List::stream).toList());
    }

    /** The JSON names in order: the CSV header before snake_case. */
    public List<String> names() {
        return columns.stream().map(Column::name).toList();
    }

    public List<Description> described() {
        return columns.stream().map(Column::described).toList();
    }

    /** The rows as CSV in the dialect of read's Csv, one column per description, in order. */
    public String csv(List<R> rows) {
        List<List<Object>> lines = rows.stream()
                .map(r -> columns.stream().map(c -> c.value().apply(r)).toList())
                .toList();
        return Csv.table(names(), lines);
    }

    /** What a feature hands to GET /api/columns/{name}. */
    public interface Source {
        Table<?> table();
    }
}
