package dev.podium.agent;

import dev.podium.agent.AgentRecords.AgentView;
import dev.podium.agent.AgentRecords.Enrolled;
import dev.podium.agent.AgentRecords.Enrolment;
import dev.podium.common.DatabaseErrors;
import dev.podium.common.ProblemException;
import dev.podium.input.TextRules;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.Base64;

/** Enrols agents' public keys, revokes them, and shows them. */
@ApplicationScoped
public class AgentService {

    @Transactional
    public Enrolled enrol(Enrolment enrolment) {
        if (enrolment == null) {
            throw ProblemException.badRequest("invalid-agent", "the body must be {name, publicKey}", "name");
        }
        // checked before trimming: trim() would silently drop a trailing NUL or control character
        String nameProblem = enrolment.name() == null ? null : TextRules.problem(enrolment.name());
        if (nameProblem != null) {
            throw new ProblemException(422, "invalid-agent", "Invalid agent", "name " + nameProblem, "name");
        }
        String name = enrolment.name() == null ? "" : enrolment.name().trim();
        if (name.isEmpty() || name.length() > 200) {
            throw new ProblemException(
                    422, "invalid-agent", "Invalid agent", "name must be 1 to 200 characters", "name");
        }
        byte[] key = decodeKey(enrolment.publicKey());
        String keyid = Ed25519Keys.keyid(key);
        if (Agent.findByKeyid(keyid).isPresent()) {
            throw enrolled(keyid);
        }
        Agent agent = new Agent();
        agent.name = name;
        agent.publicKey = key;
        agent.keyid = keyid;
        agent.createdAt = Instant.now();
        try {
            agent.persistAndFlush();
        } catch (PersistenceException e) {
            if (DatabaseErrors.isUniqueViolation(e)) {
                throw enrolled(keyid); // the same key enrolled by a concurrent request that committed first
            }
            throw e;
        }
        return new Enrolled(agent.id, keyid);
    }

    private static ProblemException enrolled(String keyid) {
        return ProblemException.conflict(
                "agent-key-enrolled", "this public key is already enrolled (keyid " + keyid + ")", "publicKey");
    }

    @Transactional
    public AgentView revoke(long id) {
        Agent agent = find(id);
        if (agent.revokedAt == null) {
            agent.revokedAt = Instant.now();
        }
        return view(agent);
    }

    public AgentView get(long id) {
        return view(find(id));
    }

    private static Agent find(long id) {
        Agent agent = Agent.findById(id);
        if (agent == null) {
            throw ProblemException.notFound("no agent " + id);
        }
        return agent;
    }

    private static AgentView view(Agent agent) {
        return new AgentView(
                agent.id,
                agent.name,
                Base64.getEncoder().encodeToString(agent.publicKey),
                agent.keyid,
                agent.createdAt,
                agent.revokedAt);
    }

    private static byte[] decodeKey(String base64) {
        if (base64 == null || base64.isBlank()) {
            throw new ProblemException(422, "invalid-agent", "Invalid agent", "publicKey is required", "publicKey");
        }
        try {
            byte[] key = Base64.getDecoder().decode(base64.trim());
            Ed25519Keys.publicKey(key); // rejects anything that is not a usable Ed25519 key
            String weak = WeakKeys.problem(key);
            if (weak != null) {
                throw new ProblemException(
                        422, "weak-agent-key", "Invalid agent", "publicKey is refused: " + weak, "publicKey");
            }
            return key;
        } catch (IllegalArgumentException | GeneralSecurityException e) {
            throw new ProblemException(
                    422,
                    "invalid-agent",
                    "Invalid agent",
                    "publicKey must be the base64 of a raw 32-byte Ed25519 public key",
                    "publicKey");
        }
    }
}
