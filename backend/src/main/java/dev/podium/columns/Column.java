package dev.podium.columns;

import java.util.function.Function;

/**
 * One column of a table, described once: its JSON name (the CSV header is its snake_case), what a reader sees (label,
 * unit, description), where its value sits in the JSON answer ({@code field}, for a client that renders the table
 * from the answer it already has) and how the service reads it from a row (the CSV).
 *
 * @param field a dot path in the JSON answer: {@code rows[].x.y} is each row's x.y, {@code x} the answer's own x; a
 *     last step {@code a:b} (after {@code []}) writes each item's a and b joined by ':', items joined by a space
 */
public record Column<R>(
        String name, String label, String unit, String description, String field, Function<R, Object> value) {

    /** A column whose value is the row's field of the same name. */
    public static <R> Column<R> of(
            String name, String label, String unit, String description, Function<R, Object> value) {
        return new Column<>(name, label, unit, description, "rows[]." + name, value);
    }

    /** The served description, without the service's reader. */
    public Description described() {
        return new Description(name, dev.podium.read.Csv.snakeCase(name), label, unit, description, field);
    }
}
