package dev.podium.columns;

import dev.podium.figure.Figure;
import dev.podium.stats.Estimate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** A table's columns for the declared figures (figure.Figure), from the declaration: a table names none of them. */
public final class FigureTables {

    private FigureTables() {}

    /**
     * The four columns of each figure with an interval (Aggregate.ESTIMATE), in declaration order: name, nameCiLow,
     * nameCiHigh, nameRepeats, at {@code prefix}figures.name in the answer; empty where the row lacks the figure.
     *
     * @param prefix the path of a row in the answer, e.g. {@code rows[].}
     * @param figures a row's figures by name (the answer's figures)
     */
    public static <R> List<Column<R>> estimates(String prefix, Function<R, Map<String, Estimate>> figures) {
        List<Column<R>> columns = new ArrayList<>();
        for (Figure f : Figure.ALL) {
            if (f.aggregate() != Figure.Aggregate.ESTIMATE) {
                continue;
            }
            String name = f.apiName();
            columns.addAll(Column.<R>estimate(
                    name, f.label(), f.unit(), f.description(), f.whoHasIt(), prefix + "figures." + name, r -> {
                        Map<String, Estimate> m = figures.apply(r);
                        return m == null ? null : m.get(name);
                    }));
        }
        return columns;
    }
}
