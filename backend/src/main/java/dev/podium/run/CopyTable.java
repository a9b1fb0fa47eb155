package dev.podium.run;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * A table's COPY columns declared once, each name beside how a row's value is read: the COPY statement's column list
 * and every row's values come from the same list, so a column cannot be written under another's name. A tail (the
 * declared figures' columns, figure.FigureColumns) follows the listed columns in the same order in both.
 */
final class CopyTable<T> {

    private final String statement;
    private final List<Function<T, Object>> values;
    private final BiConsumer<T, StringBuilder> tail;

    private CopyTable(
            String table,
            List<String> names,
            List<Function<T, Object>> values,
            String tailNames,
            BiConsumer<T, StringBuilder> tail) {
        this.statement = "copy " + table + " (" + String.join(", ", names) + ", " + tailNames + ") from stdin";
        this.values = List.copyOf(values);
        this.tail = tail;
    }

    static <T> Builder<T> of(String table) {
        return new Builder<>(table);
    }

    /** The COPY statement: every declared column, then the tail's. */
    String statement() {
        return statement;
    }

    /** Appends the row as one line of COPY's text format. */
    void append(StringBuilder out, T row) {
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                out.append('\t');
            }
            CopyText.value(out, values.get(i).apply(row));
        }
        tail.accept(row, out);
        out.append('\n');
    }

    /** Columns in the table's COPY order. */
    static final class Builder<T> {
        private final String table;
        private final List<String> names = new ArrayList<>();
        private final List<Function<T, Object>> values = new ArrayList<>();

        private Builder(String table) {
            this.table = table;
        }

        Builder<T> column(String name, Function<T, Object> value) {
            names.add(name);
            values.add(value);
            return this;
        }

        CopyTable<T> then(String tailNames, BiConsumer<T, StringBuilder> tail) {
            return new CopyTable<>(table, names, values, tailNames, tail);
        }
    }
}
