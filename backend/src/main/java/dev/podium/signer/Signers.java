package dev.podium.signer;

import dev.podium.agent.Agent;
import dev.podium.agent.Ed25519Keys;
import dev.podium.common.ProblemException;
import dev.podium.input.DsseEnvelope;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Who signed an envelope: the first signature by an enrolled, unrevoked agent key that verifies over the envelope's
 * PAE. One check for every signed submission (runs, A/B comparisons): a revoked key is 403, an unknown key or a
 * signature that does not verify 401.
 */
public final class Signers {

    private static final Pattern KEYID = Pattern.compile("[0-9a-f]{64}");

    private Signers() {}

    /** The enrolled signer whose signature verifies, and the field of its key id (for a refusal after this one). */
    public record Signer(long agentId, String keyid, String field) {}

    /** The signer, or the refusal of the first signature that decided it (a revoked key before an unknown one). */
    public static Signer verify(DsseEnvelope envelope) {
        byte[] pae = envelope.pae();
        ProblemException revoked = null;
        ProblemException unauthorized = null;
        for (int i = 0; i < envelope.signatures().size(); i++) {
            DsseEnvelope.Signature signature = envelope.signatures().get(i);
            String at = "signatures[" + i + "]";
            // a key id that no enrolled key can have is refused without a lookup
            Optional<Agent> agent = KEYID.matcher(signature.keyid()).matches()
                    ? Agent.findByKeyid(signature.keyid())
                    : Optional.empty();
            if (agent.isEmpty()) {
                unauthorized = firstOf(
                        unauthorized,
                        new ProblemException(
                                401,
                                "unknown-key",
                                "Unauthorized",
                                "no enrolled agent has this key id (the hex SHA-256 of an enrolled public key)",
                                at + ".keyid"));
                continue;
            }
            if (!Ed25519Keys.verifies(agent.get().publicKey, pae, signature.sig())) {
                unauthorized = firstOf(
                        unauthorized,
                        new ProblemException(
                                401,
                                "bad-signature",
                                "Unauthorized",
                                "the signature does not verify with key " + signature.keyid(),
                                at + ".sig"));
                continue;
            }
            if (agent.get().revoked()) {
                revoked = firstOf(
                        revoked,
                        new ProblemException(
                                403,
                                "revoked-key",
                                "Forbidden",
                                "key " + signature.keyid() + " was revoked at " + agent.get().revokedAt,
                                at + ".keyid"));
                continue;
            }
            return new Signer(agent.get().id, agent.get().keyid, at + ".keyid");
        }
        throw revoked != null ? revoked : unauthorized;
    }

    private static ProblemException firstOf(ProblemException current, ProblemException next) {
        return current != null ? current : next;
    }
}
