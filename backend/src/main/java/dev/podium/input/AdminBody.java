package dev.podium.input;

import com.fasterxml.jackson.databind.JsonNode;
import dev.podium.common.ProblemException;

/**
 * The small JSON bodies of the admin endpoints (an enrolment, a snapshot), read strictly ({@link StrictJson}): every
 * refusal is a 400 malformed-body problem naming its field.
 */
public final class AdminBody {

    private AdminBody() {}

    /** The body as a JSON object; {@code shape} names its members in the refusal, e.g. "{name, publicKey}". */
    public static JsonNode object(byte[] body, String shape) {
        JsonNode root;
        try {
            root = StrictJson.read(body == null ? new byte[0] : body, false);
        } catch (StrictJson.Refused e) {
            throw ProblemException.badRequest("malformed-body", "the body is refused: " + e.getMessage(), e.field());
        }
        if (!root.isObject()) {
            throw ProblemException.badRequest("malformed-body", "the body must be " + shape, null);
        }
        return root;
    }

    /** A member that must be a string when present; null when absent or null. */
    public static String text(JsonNode root, String field) {
        JsonNode value = root.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw ProblemException.badRequest("malformed-body", field + " must be a string", field);
        }
        return value.textValue();
    }
}
