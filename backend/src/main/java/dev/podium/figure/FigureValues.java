package dev.podium.figure;

import dev.podium.payload.RepeatPayload;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Map;

/** One repeat's declared figures ({@link Figure}), each null where the repeat has none. */
public final class FigureValues {

    private final Double[] values = new Double[Figure.ALL.size()];

    /** A repeat's figures from its payload (results[].repeats[]): each where its {@link Figure#in} says. */
    public static FigureValues of(RepeatPayload repeat) {
        FigureValues v = new FigureValues();
        Map<String, Double> usage =
                repeat.usage() == null ? Map.of() : repeat.usage().figures();
        for (Figure f : Figure.ALL) {
            v.values[f.ordinal()] = (f.in() == Figure.In.USAGE ? usage : repeat.figures()).get(f.apiName());
        }
        return v;
    }

    /** A stored repeat's figures, read by their columns' names ({@link FigureColumns#REPEAT} selected). */
    public static FigureValues read(ResultSet rs) throws SQLException {
        FigureValues v = new FigureValues();
        for (Figure f : Figure.ALL) {
            double d = rs.getDouble(f.column());
            v.values[f.ordinal()] = rs.wasNull() ? null : d;
        }
        return v;
    }

    public Double get(Figure f) {
        return values[f.ordinal()];
    }

    public void set(Figure f, Double value) {
        values[f.ordinal()] = value;
    }

    /** A whole-number figure as a long, null where absent. */
    public Long count(Figure f) {
        Double v = get(f);
        return v == null ? null : Math.round(v);
    }

    /** A whole-number figure as an int, null where absent. */
    public Integer integer(Figure f) {
        Double v = get(f);
        return v == null ? null : (int) Math.round(v);
    }

    /** The figures the repeat has, by API name, in the declaration's order (the answers' repeats[].figures). */
    public Map<String, Double> shown() {
        return Figure.byApiName(values);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FigureValues v && Arrays.equals(values, v.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    /** Appends the repeat's figures as COPY text columns, each after a tab, in {@link FigureColumns#REPEAT}'s order. */
    public void appendCopy(StringBuilder out) {
        for (Figure f : Figure.ALL) {
            FigureColumns.copyNumber(out, values[f.ordinal()], f.whole());
        }
    }
}
