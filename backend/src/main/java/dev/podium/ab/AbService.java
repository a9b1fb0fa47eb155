package dev.podium.ab;

import com.fasterxml.jackson.databind.JsonNode;
import dev.podium.common.Accepted;
import dev.podium.common.HostClass;
import dev.podium.common.ProblemException;
import dev.podium.input.DsseEnvelope;
import dev.podium.input.InputRoutes;
import dev.podium.security.KeyWriteLimit;
import dev.podium.signer.Signers;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;
import lombok.RequiredArgsConstructor;

/** Takes a signed A/B comparison: envelope, signature by an enrolled key (as a run's), schema and rules, one row. */
@ApplicationScoped
@RequiredArgsConstructor
public class AbService {

    /** The DSSE payload type of an A/B comparison (podium-agent ab --push). */
    public static final String PAYLOAD_TYPE = "application/vnd.podium.ab.v1+json";

    private final AbValidator validator;
    private final AbStore store;
    private final KeyWriteLimit keyLimit;

    /** Verifies, checks and stores a signed comparison once: its id and whether this submission stored it. */
    public Accepted submit(byte[] body) {
        if (body.length > InputRoutes.MAX_AB_BYTES) {
            throw new ProblemException(
                    413,
                    "comparison-too-large",
                    "Content too large",
                    "the envelope is " + body.length + " bytes; an A/B comparison may be " + InputRoutes.MAX_AB_BYTES,
                    null);
        }
        DsseEnvelope envelope = DsseEnvelope.parse(body, List.of(PAYLOAD_TYPE));
        Signers.Signer signer = Signers.verify(envelope);
        keyLimit.take(signer.keyid(), signer.field());
        JsonNode report = validator.validate(envelope.payload());
        JsonNode host = report.get("host");
        JsonNode variants = report.get("variants");
        UUID id = UUID.fromString(report.get("runId").textValue());
        Accepted.Outcome outcome = store.store(new AbStore.Row(
                id,
                signer.agentId(),
                signer.keyid(),
                HostClass.of(
                        host.get("cpuModel").textValue(),
                        host.get("vcpus").intValue(),
                        host.get("memoryBytes").longValue()),
                report.get("target").textValue(),
                report.get("framework").get("name").textValue(),
                report.get("framework").get("version").textValue(),
                variants.get(0).toString(),
                variants.get(1).toString(),
                report.get("rounds").intValue(),
                report.get("finishedAt").textValue(),
                new String(envelope.payload(), java.nio.charset.StandardCharsets.UTF_8),
                envelope.payloadSha256(),
                body));
        return Accepted.of(id, outcome, "comparison-conflict", "comparison " + id + " (its runId)");
    }
}
