package dev.podium.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The shared test vectors of schema/testdata: cases, envelopes and test keys. */
public final class TestVectors {

    public static final Path ROOT = Path.of("..", "schema", "testdata");
    /** The runId of the envelope minimal (payloads/valid/minimal.json). */
    public static final String MINIMAL_ID = "0b6f3c1e-7a52-4c1d-9a43-2f0f6b1d8e01";
    /** The runId of the envelope full (payloads/valid/full.json), which V2Payloads.full builds on. */
    public static final String FULL_ID = "5d2c9a47-1e3b-4f6a-8c0d-7b9e1f2a3c04";
    /** The runId of the envelope v2-minimal (payloads/valid/v2-minimal.json). */
    public static final String V2_MINIMAL_ID = "7c1e2a90-3b4d-4e5f-8a6b-9c0d1e2f3a05";

    private static final ObjectMapper JSON = new ObjectMapper();

    private TestVectors() {}

    /** One row of cases.json. */
    public record Case(String envelope, int status, String field, String about) {
        @Override
        public String toString() {
            return status + " " + about + " (" + envelope + ")";
        }
    }

    /** A test key: its name, raw public key in base64 and key id. */
    public record Key(String name, String publicKey, String keyid, String seed) {}

    public static List<Case> cases() {
        JsonNode cases = read("cases.json");
        List<Case> out = new ArrayList<>();
        for (JsonNode c : cases) {
            out.add(new Case(
                    c.get("envelope").asText(),
                    c.get("status").asInt(),
                    c.hasNonNull("field") ? c.get("field").asText() : null,
                    c.path("about").asText()));
        }
        return out;
    }

    public static byte[] bytes(String relative) {
        try {
            return Files.readAllBytes(ROOT.resolve(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static byte[] envelope(String name) {
        return bytes("envelopes/" + name + ".dsse.json");
    }

    public static Key key(String name) {
        JsonNode key = read("keys/" + name + ".json");
        return new Key(
                key.get("name").asText(),
                key.get("publicKey").asText(),
                key.get("keyid").asText(),
                key.get("seed").asText());
    }

    public static JsonNode read(String relative) {
        try {
            return JSON.readTree(ROOT.resolve(relative).toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
