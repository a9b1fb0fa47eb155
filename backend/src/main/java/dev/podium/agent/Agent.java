package dev.podium.agent;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Optional;

/** An enrolled benchmark agent: the Ed25519 public key its runs are signed with. */
@Entity
@Table(name = "agents")
public class Agent extends PanacheEntityBase {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(nullable = false)
    public String name;

    @Column(nullable = false)
    public byte[] publicKey;

    @Column(nullable = false, unique = true)
    public String keyid;

    @Column(nullable = false)
    public Instant createdAt;

    public Instant revokedAt;

    public static Optional<Agent> findByKeyid(String keyid) {
        return find("keyid", keyid).firstResultOptional();
    }

    public boolean revoked() {
        return revokedAt != null;
    }
}
