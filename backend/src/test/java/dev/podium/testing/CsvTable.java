package dev.podium.testing;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A CSV answer of the API as the tests read it: its text and its lines (the header first) parsed as CSV (RFC 4180:
 * quoted values come unquoted), each value found by its column's name.
 */
public record CsvTable(String text, List<String[]> lines) {

    /** GET path with format=csv added to its query, asserting it answers 200. */
    public static CsvTable get(String path) {
        return parse(Api.ok(path + (path.contains("?") ? "&" : "?") + "format=csv")
                .extract()
                .asString());
    }

    /** The CSV text, parsed. */
    public static CsvTable parse(String text) {
        CsvMapper mapper = new CsvMapper();
        mapper.enable(CsvParser.Feature.WRAP_AS_ARRAY);
        List<String[]> lines = new ArrayList<>();
        try (MappingIterator<String[]> it = mapper.readerFor(String[].class).readValues(text)) {
            it.forEachRemaining(lines::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new CsvTable(text, lines);
    }

    /** The column names: the first line. */
    public List<String> header() {
        return List.of(lines.get(0));
    }

    /** The value of the named column in data line row (0 is the line after the header). */
    public String value(int row, String column) {
        return lines.get(row + 1)[at(column)];
    }

    /** The named column's values, one a data line. */
    public List<String> column(String column) {
        int at = at(column);
        return lines.subList(1, lines.size()).stream().map(l -> l[at]).toList();
    }

    private int at(String column) {
        int at = header().indexOf(column);
        if (at < 0) {
            throw new AssertionError("no column " + column + " in " + Arrays.toString(lines.get(0)));
        }
        return at;
    }
}
