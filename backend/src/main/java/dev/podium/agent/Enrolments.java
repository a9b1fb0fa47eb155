package dev.podium.agent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.podium.agent.AgentRecords.Enrolment;
import dev.podium.input.AdminBody;

/** Reads an enrolment body strictly: one name and one publicKey, no duplicate keys, nothing after the object. */
final class Enrolments {

    private Enrolments() {}

    static Enrolment parse(byte[] body) {
        JsonNode root = AdminBody.object(body, "{name, publicKey}");
        return new Enrolment(AdminBody.text(root, "name"), AdminBody.text(root, "publicKey"));
    }
}
