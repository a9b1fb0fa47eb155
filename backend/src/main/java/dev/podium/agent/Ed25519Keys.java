package dev.podium.agent;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.HexFormat;

/** Ed25519 with the JDK's own provider: raw 32-byte keys, key ids, signature checks. */
public final class Ed25519Keys {

    /** DER prefix of an X.509 SubjectPublicKeyInfo for Ed25519 (RFC 8410); the raw key follows it. */
    private static final byte[] SPKI_PREFIX = HexFormat.of().parseHex("302a300506032b6570032100");

    private Ed25519Keys() {}

    /** The lowercase hex SHA-256 of the raw public key, as DSSE signatures name it. */
    public static String keyid(byte[] rawPublicKey) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(rawPublicKey));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is always present", e);
        }
    }

    public static PublicKey publicKey(byte[] rawPublicKey) throws GeneralSecurityException {
        if (rawPublicKey.length != 32) {
            throw new GeneralSecurityException("an Ed25519 public key is 32 bytes, got " + rawPublicKey.length);
        }
        byte[] spki = new byte[SPKI_PREFIX.length + 32];
        System.arraycopy(SPKI_PREFIX, 0, spki, 0, SPKI_PREFIX.length);
        System.arraycopy(rawPublicKey, 0, spki, SPKI_PREFIX.length, 32);
        return KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(spki));
    }

    /** True when the signature over the message verifies; malformed keys or signatures count as not verifying. */
    public static boolean verifies(byte[] rawPublicKey, byte[] message, byte[] signature) {
        try {
            Signature verifier = Signature.getInstance("Ed25519");
            verifier.initVerify(publicKey(rawPublicKey));
            verifier.update(message);
            return verifier.verify(signature);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }
}
