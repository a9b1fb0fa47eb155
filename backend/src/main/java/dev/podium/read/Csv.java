package dev.podium.read;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.podium.common.Figures;
import dev.podium.stats.Estimate;
import jakarta.ws.rs.core.HttpHeaders;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders a table as RFC 4180 CSV with a header row; values with commas, quotes or line breaks are quoted, and text a
 * spreadsheet would run as a formula is neutralised (OWASP CSV injection), as the site's downloads do (lib/csv.ts).
 */
public final class Csv {

    public static final String MEDIA_TYPE = "text/csv";
    // strict: quote only what RFC 4180 needs (comma, quote, line break), as the site does, not every space or quote
    private static final CsvMapper MAPPER = CsvMapper.builder()
            .enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING)
            .build();

    private Csv() {}

    /**
     * The one content negotiation of every table: a validated {@code format} (json or csv) wins; without it, CSV when
     * the Accept header's first preference (by q, wildcards skipped) is text/csv.
     */
    public static boolean wanted(String format, HttpHeaders headers) {
        if (format != null) {
            return format.equals("csv");
        }
        return headers.getAcceptableMediaTypes().stream()
                .filter(m -> !m.isWildcardType())
                .findFirst()
                .map(m -> "text".equals(m.getType()) && "csv".equals(m.getSubtype()))
                .orElse(false);
    }

    /**
     * The dialect of schema/testdata/rules/csv.json, shared with the site's downloads (lib/csv.ts): headers are the
     * JSON names in snake_case, each row a list of cells in header order; null is an empty cell, a list is joined
     * with a space.
     */
    public static String table(List<String> header, List<List<Object>> rows) {
        List<List<String>> lines = new ArrayList<>(rows.size() + 1);
        lines.add(header.stream().map(Csv::snakeCase).toList());
        for (List<Object> row : rows) {
            List<String> line = new ArrayList<>(row.size());
            for (Object cell : row) {
                line.add(text(cell));
            }
            lines.add(line);
        }
        try {
            return MAPPER.writer(CsvSchema.emptySchema().withLineSeparator("\r\n"))
                    .writeValueAsString(lines);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("render CSV", e);
        }
    }

    private static String text(Object cell) {
        if (cell == null) {
            return "";
        }
        if (cell instanceof OffsetDateTime time) {
            return DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(time); // RFC 3339, seconds always written
        }
        if (cell instanceof List<?> list) {
            List<String> parts = new ArrayList<>();
            list.forEach(p -> parts.add(String.valueOf(p)));
            return neutralised(String.join(" ", parts));
        }
        if (cell instanceof Double figure) {
            return String.valueOf(Figures.round(figure)); // as the JSON writes it
        }
        return cell instanceof String text ? neutralised(text) : String.valueOf(cell);
    }

    /** mean, ciLow, ciHigh, repeats of a cost figure by index: the four CSV columns of one figure, "" when absent. */
    public static Object figure(Estimate f, int part) {
        if (f == null) {
            return "";
        }
        Object v = switch (part) {
            case 0 -> f.mean();
            case 1 -> f.ciLow();
            case 2 -> f.ciHigh();
            default -> f.repeats();
        };
        return v == null ? "" : v;
    }

    /** rpsCiLow -> rps_ci_low, p99Ms -> p99_ms: the JSON name of a column as a CSV header. */
    public static String snakeCase(String name) {
        return name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(java.util.Locale.ROOT);
    }

    /** Text starting with = + - @ tab or CR gets a leading single quote; numbers are written as they are. */
    static String neutralised(String text) {
        return !text.isEmpty() && "=+-@\t\r".indexOf(text.charAt(0)) >= 0 ? "'" + text : text;
    }
}
