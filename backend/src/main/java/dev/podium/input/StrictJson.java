package dev.podium.input;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Reads JSON the way the signed bytes were meant: UTF-8 only (no BOM, no UTF-16), no duplicate keys, nothing after
 * the value, at most {@link #MAX_DEPTH} levels. What is read is then exactly what the signature covers.
 */
public final class StrictJson {

    /** Deeper than any run or envelope needs; refused before the tree is built. */
    public static final int MAX_DEPTH = 32;

    private static final ObjectMapper STRICT = mapper(false);
    private static final ObjectMapper STRICT_NON_NUMERIC = mapper(true);

    private StrictJson() {}

    /** Why a body is refused; the caller turns it into its own 400 naming its field. */
    public static final class Refused extends Exception {
        private final String field;

        Refused(String message, String field) {
            super(message, null, false, false);
            this.field = field;
        }

        /** The duplicated key's field (e.g. {@code signatures[0].keyid}), else null. */
        public String field() {
            return field;
        }
    }

    /** Parses strictly; {@code nonNumeric} reads NaN/Infinity as numbers so that a later check can name the field. */
    public static JsonNode read(byte[] bytes, boolean nonNumeric) throws Refused {
        String text = utf8(bytes);
        try {
            JsonNode node = (nonNumeric ? STRICT_NON_NUMERIC : STRICT).readTree(text);
            if (node == null || node.isMissingNode()) {
                throw new Refused("it is empty", null);
            }
            return node;
        } catch (JsonProcessingException e) {
            throw new Refused("it is not strict JSON: " + e.getOriginalMessage(), duplicated(e));
        }
    }

    /** Decodes strict UTF-8: a BOM, invalid bytes or encoded surrogates (CESU-8) are refused, never replaced. */
    static String utf8(byte[] bytes) throws Refused {
        if (bytes.length >= 2
                && ((bytes[0] == (byte) 0xFE && bytes[1] == (byte) 0xFF)
                        || (bytes[0] == (byte) 0xFF && bytes[1] == (byte) 0xFE))) {
            throw new Refused("it is UTF-16; send UTF-8", null);
        }
        if (bytes.length >= 3 && bytes[0] == (byte) 0xEF && bytes[1] == (byte) 0xBB && bytes[2] == (byte) 0xBF) {
            throw new Refused("it starts with a byte order mark; send UTF-8 without one", null);
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new Refused("it is not valid UTF-8", null);
        }
    }

    // Jackson sets the duplicated name on the parsing context before it refuses it: that context is the field
    private static String duplicated(JsonProcessingException e) {
        if (!(e.getProcessor() instanceof JsonParser parser)
                || e.getOriginalMessage() == null
                || !e.getOriginalMessage().startsWith("Duplicate field")) {
            return null;
        }
        StringBuilder field = new StringBuilder();
        for (String segment :
                parser.getParsingContext().pathAsPointer().toString().split("/")) {
            if (segment.isEmpty()) {
                continue;
            }
            String name = segment.replace("~1", "/").replace("~0", "~");
            if (name.chars().allMatch(Character::isDigit)) {
                field.append('[').append(name).append(']');
            } else {
                field.append(field.isEmpty() ? "" : ".").append(name);
            }
        }
        return field.isEmpty() ? null : field.toString();
    }

    private static ObjectMapper mapper(boolean nonNumeric) {
        JsonFactory factory = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(MAX_DEPTH)
                        .build())
                .build();
        JsonMapper.Builder builder = JsonMapper.builder(factory)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
        if (nonNumeric) {
            builder.enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS);
        }
        return builder.build();
    }
}
