package dev.podium.figure;

import dev.podium.stats.Estimate;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A cell's declared figures summed up over its repeats as each one's {@link Figure#aggregate} says, derived once at
 * ingest and stored on cells: an ESTIMATE as a stats Estimate (mean, 95% t interval, repeats), a MEAN or MAX as one
 * number; each over the repeats that carry it, null where none does.
 */
public final class CellFigures {

    private final Estimate[] estimates = new Estimate[Figure.ALL.size()];
    private final Double[] values = new Double[Figure.ALL.size()];

    /** The cell's figures over its repeats' (in repeat order). */
    public static CellFigures of(List<FigureValues> repeats) {
        CellFigures c = new CellFigures();
        for (Figure f : Figure.ALL) {
            double[] xs = repeats.stream()
                    .map(r -> r.get(f))
                    .filter(Objects::nonNull)
                    .mapToDouble(Double::doubleValue)
                    .toArray();
            if (xs.length == 0) {
                continue;
            }
            int i = f.ordinal();
            switch (f.aggregate()) {
                case ESTIMATE -> c.estimates[i] = Estimate.of(xs);
                case MEAN -> {
                    double sum = 0;
                    for (double x : xs) {
                        sum += x;
                    }
                    c.values[i] = sum / xs.length;
                }
                case MAX -> {
                    double max = xs[0];
                    for (double x : xs) {
                        max = Math.max(max, x);
                    }
                    c.values[i] = max;
                }
                case NONE -> {}
            }
        }
        return c;
    }

    /** A stored cell's figures, read by their columns' names ({@link FigureColumns#CELL} selected). */
    public static CellFigures read(ResultSet rs) throws SQLException {
        CellFigures c = new CellFigures();
        for (Figure f : Figure.ALL) {
            if (f.aggregate() == Figure.Aggregate.NONE) {
                continue;
            }
            String column = f.column();
            Double mean = dbl(rs, column);
            if (mean == null) {
                continue;
            }
            if (f.aggregate() == Figure.Aggregate.ESTIMATE) {
                c.estimates[f.ordinal()] = new Estimate(
                        mean,
                        dbl(rs, column + "_ci_low"),
                        dbl(rs, column + "_ci_high"),
                        rs.getInt(column + "_repeats"));
            } else {
                c.values[f.ordinal()] = mean;
            }
        }
        return c;
    }

    /** An ESTIMATE figure's estimate, null where the cell has none (or the figure is no ESTIMATE). */
    public Estimate estimate(Figure f) {
        return estimates[f.ordinal()];
    }

    /** A MEAN or MAX figure's number, an ESTIMATE's mean; null where the cell has none. */
    public Double value(Figure f) {
        Estimate e = estimates[f.ordinal()];
        return e != null ? Double.valueOf(e.mean()) : values[f.ordinal()];
    }

    /** The ESTIMATE figures the cell has, by API name, in the declaration's order (the answers' figures). */
    public Map<String, Estimate> estimates() {
        return Figure.byApiName(estimates);
    }

    /** Appends the cell's figure columns as COPY text columns, each after a tab, in {@link FigureColumns#CELL}'s order. */
    public void appendCopy(StringBuilder out) {
        for (Figure f : Figure.ALL) {
            switch (f.aggregate()) {
                case ESTIMATE -> {
                    Estimate e = estimates[f.ordinal()];
                    FigureColumns.copyNumber(out, e == null ? null : e.mean(), false);
                    FigureColumns.copyNumber(out, e == null ? null : e.ciLow(), false);
                    FigureColumns.copyNumber(out, e == null ? null : e.ciHigh(), false);
                    FigureColumns.copyNumber(out, e == null ? null : e.repeats(), true);
                }
                case MEAN, MAX -> FigureColumns.copyNumber(out, values[f.ordinal()], false);
                case NONE -> {}
            }
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CellFigures c && Arrays.equals(estimates, c.estimates) && Arrays.equals(values, c.values);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(estimates) + Arrays.hashCode(values);
    }

    private static Double dbl(ResultSet rs, String column) throws SQLException {
        double v = rs.getDouble(column);
        return rs.wasNull() ? null : v;
    }
}
