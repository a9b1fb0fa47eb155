package dev.podium.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.podium.agent.AgentRecords.Enrolment;
import dev.podium.common.ProblemException;
import dev.podium.input.StrictJson;

/** Reads an enrolment body strictly: one name and one publicKey, no duplicate keys, nothing after the object. */
final class Enrolments {

    private Enrolments() {}

    static Enrolment parse(byte[] body) {
        JsonNode root;
        try {
            root = StrictJson.read(body, false);
        } catch (StrictJson.Refused e) {
            throw ProblemException.badRequest("malformed-body", "the body is refused: " + e.getMessage(), e.field());
        }
        if (!root.isObject()) {
            throw ProblemException.badRequest("malformed-body", "the body must be {name, publicKey}", null);
        }
        return new Enrolment(text(root, "name"), text(root, "publicKey"));
    }

    private static String text(JsonNode root, String field) {
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
