package dev.podium.input;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import dev.podium.common.ProblemException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/** A parsed DSSE v1 envelope (payloadType, decoded payload, signatures) and its pre-authentication encoding. */
public record DsseEnvelope(String payloadType, byte[] payload, List<Signature> signatures) {

    public static final String RUN_PAYLOAD_TYPE = "application/vnd.podium.run.v1+json";
    public static final String RUN_V2_PAYLOAD_TYPE = "application/vnd.podium.run.v2+json";
    /** The most signatures an envelope may carry (schema/README.md); more is refused before any is checked. */
    public static final int MAX_SIGNATURES = 4;

    static final int SIGNATURE_BYTES = 64;

    /** One signature: the key id it claims and the raw signature bytes. */
    public record Signature(String keyid, byte[] sig) {}

    /** Parses a run's request body; anything malformed is a 400 naming the envelope field. */
    public static DsseEnvelope parse(byte[] body) {
        return parse(body, List.of(RUN_V2_PAYLOAD_TYPE, RUN_PAYLOAD_TYPE));
    }

    /** Parses a request body whose payloadType must be one of these; anything else is a 400 naming the field. */
    public static DsseEnvelope parse(byte[] body, List<String> payloadTypes) {
        JsonNode root;
        try {
            root = StrictJson.read(body, false);
        } catch (StrictJson.Refused e) {
            throw ProblemException.badRequest(
                    "malformed-envelope", "the body is refused: " + e.getMessage(), e.field());
        }
        if (root == null || !root.isObject()) {
            throw ProblemException.badRequest(
                    "malformed-envelope", "the body must be a DSSE envelope (a JSON object)", null);
        }
        JsonNode type = root.get("payloadType");
        if (type == null || !type.isTextual()) {
            throw ProblemException.badRequest("malformed-envelope", "payloadType is required", "payloadType");
        }
        if (!payloadTypes.contains(type.textValue())) {
            throw ProblemException.badRequest(
                    "unsupported-payload-type",
                    "payloadType must be " + String.join(" or ", payloadTypes) + ", got " + type.textValue(),
                    "payloadType");
        }
        JsonNode payload = root.get("payload");
        if (payload == null || !payload.isTextual()) {
            throw ProblemException.badRequest(
                    "malformed-envelope", "payload is required (base64 of the signed JSON)", "payload");
        }
        byte[] payloadBytes = base64(payload.textValue(), "payload");
        if (payloadBytes.length == 0) {
            throw ProblemException.badRequest("malformed-envelope", "payload is empty", "payload");
        }
        JsonNode signatures = root.get("signatures");
        if (signatures == null || signatures.getNodeType() != JsonNodeType.ARRAY || signatures.isEmpty()) {
            throw ProblemException.badRequest(
                    "malformed-envelope", "signatures must be a non-empty list", "signatures");
        }
        // before any signature is looked at: a flood of signatures must not cost lookups or verifications
        if (signatures.size() > MAX_SIGNATURES) {
            throw ProblemException.badRequest(
                    "too-many-signatures",
                    "an envelope carries at most " + MAX_SIGNATURES + " signatures, got " + signatures.size(),
                    "signatures");
        }
        List<Signature> parsed = new ArrayList<>(signatures.size());
        for (int i = 0; i < signatures.size(); i++) {
            JsonNode signature = signatures.get(i);
            String at = "signatures[" + i + "]";
            if (!signature.isObject()) {
                throw ProblemException.badRequest("malformed-envelope", at + " must be {keyid, sig}", at);
            }
            JsonNode keyid = signature.get("keyid");
            if (keyid == null || !keyid.isTextual() || keyid.textValue().isBlank()) {
                throw ProblemException.badRequest("malformed-envelope", at + ".keyid is required", at + ".keyid");
            }
            JsonNode sig = signature.get("sig");
            if (sig == null || !sig.isTextual()) {
                throw ProblemException.badRequest("malformed-envelope", at + ".sig is required", at + ".sig");
            }
            byte[] sigBytes = base64(sig.textValue(), at + ".sig");
            if (sigBytes.length != SIGNATURE_BYTES) {
                throw ProblemException.badRequest(
                        "malformed-envelope",
                        at + ".sig must be " + SIGNATURE_BYTES + " bytes (an Ed25519 signature), got "
                                + sigBytes.length,
                        at + ".sig");
            }
            parsed.add(new Signature(keyid.textValue(), sigBytes));
        }
        return new DsseEnvelope(type.textValue(), payloadBytes, List.copyOf(parsed));
    }

    /** The run payload's schemaVersion this payloadType announces: 1 or 2. */
    public int schemaVersion() {
        return RUN_V2_PAYLOAD_TYPE.equals(payloadType) ? 2 : 1;
    }

    /** PAE(type, payload) = "DSSEv1" SP LEN(type) SP type SP LEN(payload) SP payload, what the signatures cover. */
    public byte[] pae() {
        byte[] type = payloadType.getBytes(StandardCharsets.UTF_8);
        byte[] header = ("DSSEv1 " + type.length + " " + payloadType + " " + payload.length + " ")
                .getBytes(StandardCharsets.UTF_8);
        byte[] pae = new byte[header.length + payload.length];
        System.arraycopy(header, 0, pae, 0, header.length);
        System.arraycopy(payload, 0, pae, header.length, payload.length);
        return pae;
    }

    /** DSSE allows standard or URL-safe base64, padded or not. */
    private static byte[] base64(String text, String field) {
        try {
            boolean urlSafe = text.indexOf('-') >= 0 || text.indexOf('_') >= 0;
            return (urlSafe ? Base64.getUrlDecoder() : Base64.getDecoder()).decode(text);
        } catch (IllegalArgumentException e) {
            throw ProblemException.badRequest("malformed-envelope", field + " is not valid base64", field);
        }
    }

    /** SHA-256 of the payload's bytes: what the service stores to tell the same submission from other bytes. */
    public byte[] payloadSha256() {
        try {
            return MessageDigest.getInstance("SHA-256").digest(payload);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is always present", e);
        }
    }
}
