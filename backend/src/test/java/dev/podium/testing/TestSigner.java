package dev.podium.testing;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.NamedParameterSpec;
import java.util.Base64;

/** Signs payloads into DSSE envelopes with a test key's seed, for tests that need payloads the vectors lack. */
public final class TestSigner {

    public static final String PAYLOAD_TYPE = "application/vnd.podium.run.v1+json";
    public static final String V2_PAYLOAD_TYPE = "application/vnd.podium.run.v2+json";

    private TestSigner() {}

    public static byte[] envelope(String keyName, byte[] payload) {
        return envelope(keyName, PAYLOAD_TYPE, payload);
    }

    /** The payload signed under the given payloadType (v1 or v2). */
    public static byte[] envelope(String keyName, String payloadType, byte[] payload) {
        TestVectors.Key key = TestVectors.key(keyName);
        try {
            PrivateKey privateKey = KeyFactory.getInstance("Ed25519")
                    .generatePrivate(new EdECPrivateKeySpec(
                            NamedParameterSpec.ED25519, Base64.getDecoder().decode(key.seed())));
            Signature signer = Signature.getInstance("Ed25519");
            signer.initSign(privateKey);
            signer.update(("DSSEv1 " + payloadType.length() + " " + payloadType + " " + payload.length + " ")
                    .getBytes(StandardCharsets.UTF_8));
            signer.update(payload);
            String envelope = "{\"payloadType\":\"" + payloadType + "\",\"payload\":\""
                    + Base64.getEncoder().encodeToString(payload) + "\",\"signatures\":[{\"keyid\":\"" + key.keyid()
                    + "\",\"sig\":\"" + Base64.getEncoder().encodeToString(signer.sign()) + "\"}]}";
            return envelope.getBytes(StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
