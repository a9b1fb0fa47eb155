package dev.podium.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CsvTest {

    @Test
    void writes_a_header_row_and_quotes_commas_quotes_and_line_breaks_so_they_round_trip() throws Exception {
        String awkward = "Spring \"MVC\", virtual\nthreads";
        String csv = Csv.table(
                List.of("framework", "rps", "flags", "missing", "startedAt"),
                List.of(Arrays.asList(
                        awkward,
                        1.5,
                        List.of("a", "b"),
                        null,
                        java.time.OffsetDateTime.parse("2026-11-01T08:00:00Z"))));
        assertTrue(csv.startsWith("framework,rps,flags,missing,started_at\r\n"), csv);
        assertTrue(csv.contains("\"Spring \"\"MVC\"\", virtual\nthreads\""), csv);
        CsvMapper mapper = new CsvMapper();
        mapper.enable(CsvParser.Feature.WRAP_AS_ARRAY);
        List<String[]> rows = new ArrayList<>();
        try (MappingIterator<String[]> it = mapper.readerFor(String[].class).readValues(csv)) {
            it.forEachRemaining(rows::add);
        }
        assertEquals(2, rows.size());
        assertEquals(List.of(awkward, "1.5", "a b", "", "2026-11-01T08:00:00Z"), List.of(rows.get(1)));
    }

    @Test
    void text_a_spreadsheet_would_run_as_a_formula_gets_a_leading_quote_but_negative_numbers_do_not() throws Exception {
        String csv = Csv.table(
                List.of("framework", "delta", "flags", "tab", "plain"),
                List.of(Arrays.asList("=HYPERLINK(\"http://x\")", -1.5, List.of("@SUM(A1)"), "\tx", "Netty")));
        CsvMapper mapper = new CsvMapper();
        mapper.enable(CsvParser.Feature.WRAP_AS_ARRAY);
        List<String[]> rows = new ArrayList<>();
        try (MappingIterator<String[]> it = mapper.readerFor(String[].class).readValues(csv)) {
            it.forEachRemaining(rows::add);
        }
        assertEquals(List.of("'=HYPERLINK(\"http://x\")", "-1.5", "'@SUM(A1)", "'\tx", "Netty"), List.of(rows.get(1)));
    }
}
