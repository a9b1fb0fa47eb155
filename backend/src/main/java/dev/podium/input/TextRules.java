package dev.podium.input;

import com.fasterxml.jackson.databind.JsonNode;
import dev.podium.common.Problem.FieldError;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Strings that would spoof the board or not survive storage: control characters (NUL included), bidirectional
 * controls, zero-width characters, lone surrogates, and text that is blank once those are ignored.
 */
public final class TextRules {

    private TextRules() {}

    /** Why the text is refused, or null when it is fine. */
    public static String problem(String text) {
        boolean visible = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c)) {
                if (i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1))) {
                    return "must not hold a lone surrogate (U+" + hex(c) + ")";
                }
                i++;
                visible = true;
                continue;
            }
            if (Character.isLowSurrogate(c)) {
                return "must not hold a lone surrogate (U+" + hex(c) + ")";
            }
            if (c < 0x20 || (c >= 0x7F && c <= 0x9F)) {
                return "must not hold control characters (U+" + hex(c) + ")";
            }
            if (isBidiControl(c)) {
                return "must not hold bidirectional controls (U+" + hex(c) + ")";
            }
            if (isInvisible(c)) {
                return "must not hold zero-width or invisible characters (U+" + hex(c) + ")";
            }
            if (!Character.isWhitespace(c) && !Character.isSpaceChar(c)) {
                visible = true;
            }
        }
        return visible || text.isEmpty() ? null : "must hold a visible character";
    }

    /** Every string value of the tree (and every key) checked, named as schema/README.md names fields. */
    public static void check(JsonNode node, List<FieldError> errors, int max) {
        walk(node, new ArrayDeque<>(), errors, max);
    }

    private static void walk(JsonNode node, ArrayDeque<Object> path, List<FieldError> errors, int max) {
        if (errors.size() >= max) {
            return;
        }
        if (node.isTextual()) {
            String problem = problem(node.textValue());
            if (problem != null) {
                errors.add(new FieldError(Paths.of(path), problem));
            }
        } else if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> entry = it.next();
                path.addLast(entry.getKey());
                String keyProblem = problem(entry.getKey());
                if (keyProblem != null && errors.size() < max) {
                    errors.add(new FieldError(Paths.of(path), "the key " + keyProblem));
                }
                walk(entry.getValue(), path, errors, max);
                path.removeLast();
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                path.addLast(i);
                walk(node.get(i), path, errors, max);
                path.removeLast();
            }
        }
    }

    // LRM, RLM, ALM and the embeddings, overrides and isolates: they reorder what a reader sees
    private static boolean isBidiControl(char c) {
        return c == 0x200E
                || c == 0x200F
                || c == 0x061C
                || (c >= 0x202A && c <= 0x202E)
                || (c >= 0x2066 && c <= 0x2069);
    }

    // zero-width space/joiners, word joiner and invisible operators, BOM, soft hyphen, Hangul fillers, variation
    // selectors
    private static boolean isInvisible(char c) {
        return (c >= 0x200B && c <= 0x200D)
                || (c >= 0x2060 && c <= 0x2064)
                || c == 0xFEFF
                || c == 0x00AD
                || c == 0x180E
                || c == 0x115F
                || c == 0x1160
                || c == 0x3164
                || c == 0xFFA0
                || (c >= 0xFE00 && c <= 0xFE0F)
                || (c >= 0xFFF9 && c <= 0xFFFB);
    }

    private static String hex(char c) {
        return String.format("%04X", (int) c);
    }
}
