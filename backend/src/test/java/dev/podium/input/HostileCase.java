package dev.podium.input;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** One file of schema/testdata/hostile/cases (format: schema/testdata/hostile/README.md). */
record HostileCase(
        String name,
        String about,
        List<String> before,
        String method,
        String path,
        Map<String, String> headers,
        byte[] body,
        boolean chunked,
        int status,
        String field,
        String verify) {

    static final Path DIR = Path.of("..", "schema", "testdata", "hostile", "cases");
    private static final ObjectMapper JSON = new ObjectMapper();

    static List<HostileCase> all() {
        try (Stream<Path> files = Files.list(DIR)) {
            return files.filter(p -> p.toString().endsWith(".json"))
                    .sorted()
                    .map(HostileCase::read)
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static HostileCase named(String name) {
        return read(DIR.resolve(name + ".json"));
    }

    private static HostileCase read(Path file) {
        JsonNode c;
        try {
            c = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        JsonNode r = c.get("request");
        Map<String, String> headers = new LinkedHashMap<>();
        r.path("headers")
                .fields()
                .forEachRemaining(h -> headers.put(h.getKey(), h.getValue().textValue()));
        byte[] body = null;
        if (r.has("body")) {
            body = r.get("body").textValue().getBytes(StandardCharsets.UTF_8);
        } else if (r.has("bodyBase64")) {
            body = Base64.getDecoder().decode(r.get("bodyBase64").textValue());
        }
        int pad = r.path("padBody").asInt(0);
        if (pad > 0) {
            int length = body.length;
            body = Arrays.copyOf(body, length + pad);
            Arrays.fill(body, length, body.length, (byte) ' ');
        }
        List<String> before = new ArrayList<>();
        c.path("before").forEach(b -> before.add(b.textValue()));
        JsonNode expect = c.get("expect");
        String name = file.getFileName().toString().replace(".json", "");
        return new HostileCase(
                name,
                c.get("about").textValue(),
                before,
                r.get("method").textValue(),
                r.get("path").textValue(),
                headers,
                body,
                r.path("chunked").asBoolean(false),
                expect.get("status").asInt(),
                expect.hasNonNull("field") ? expect.get("field").textValue() : null,
                c.hasNonNull("verify") ? c.get("verify").textValue() : null);
    }

    @Override
    public String toString() {
        return name + ": " + about + " -> " + status + (field == null ? "" : " " + field);
    }
}
