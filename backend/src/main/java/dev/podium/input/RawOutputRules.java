package dev.podium.input;

import com.fasterxml.jackson.databind.JsonNode;
import dev.podium.common.Problem.FieldError;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Base64;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * The rule the schema cannot say about results[].rawOutput (schema/README.md): its base64 holds a whole gzip stream
 * that decompresses to at most {@link #MAX_TEXT_BYTES}, so that every download is a file gunzip reads.
 */
public final class RawOutputRules {

    /** What one cell's raw output may decompress to: 8 MiB, far above a cell's few KiB, far below a gzip bomb's. */
    public static final int MAX_TEXT_BYTES = 8 << 20;

    private RawOutputRules() {}

    /** Adds an error for each cell whose rawOutput is not a gzip stream within the limit. */
    public static void check(JsonNode run, List<FieldError> errors) {
        JsonNode results = run.get("results");
        for (int c = 0; c < results.size(); c++) {
            JsonNode raw = results.get(c).get("rawOutput");
            if (raw == null || !raw.isTextual()) {
                continue;
            }
            String problem = problem(raw.textValue());
            if (problem != null) {
                errors.add(new FieldError("results[" + c + "].rawOutput", problem));
            }
        }
    }

    /** Why the base64 text is not an acceptable raw output; null when it is. */
    static String problem(String base64) {
        byte[] gzip;
        try {
            gzip = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            return "not base64: " + e.getMessage();
        }
        if (gzip.length < 2 || (gzip[0] & 0xff) != 0x1f || (gzip[1] & 0xff) != 0x8b) {
            return "not a gzip stream (base64 of gzip-compressed text expected)";
        }
        long total = 0;
        byte[] buffer = new byte[64 << 10];
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gzip))) {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                total += n;
                if (total > MAX_TEXT_BYTES) {
                    return "decompresses to more than " + MAX_TEXT_BYTES + " bytes";
                }
            }
        } catch (IOException e) {
            return "not a whole gzip stream: " + e.getMessage();
        }
        return null;
    }
}
