package dev.podium.envelope;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * A run's envelope as its row keeps it (V29__envelope_deflated.sql): deflated (zlib), or verbatim as every run stored
 * before V29 was until {@link EnvelopeCompression} converts it; exactly one of the two is set. Either way
 * {@link #bytes()} is the request body exactly as received: the deflated form is only chosen once inflating it has
 * given those bytes back. Deflate, not the column's own compression: the embedded PostgreSQL has no lz4, and its pglz
 * on base64 saved about 3x (V1__runs.sql) against 8.5x for zlib on the benchmarks' envelopes (docs/architecture.md).
 */
public record StoredEnvelope(byte[] verbatim, byte[] deflated) {

    /** zlib's default (6): 27% smaller than level 1 on the benchmarks' envelopes, at about 3x its CPU time a MB. */
    static final int LEVEL = Deflater.DEFAULT_COMPRESSION;

    public StoredEnvelope {
        if ((verbatim == null) == (deflated == null)) {
            throw new IllegalArgumentException("a stored envelope is either verbatim or deflated");
        }
    }

    /** The form to store for a request body: deflated when that is smaller and inflates back to the same bytes. */
    public static StoredEnvelope of(byte[] body) {
        byte[] deflated = deflate(body);
        try {
            if (deflated.length < body.length && Arrays.equals(inflate(deflated), body)) {
                return new StoredEnvelope(null, deflated);
            }
        } catch (IllegalStateException e) {
            // never expected of zlib; the body is then kept as it came
        }
        return new StoredEnvelope(body, null);
    }

    /** The envelope exactly as received. */
    public byte[] bytes() {
        return verbatim != null ? verbatim : inflate(deflated);
    }

    /** Whether the row holds the deflated form. */
    public boolean isDeflated() {
        return deflated != null;
    }

    /** Bytes the envelope takes in its row (before PostgreSQL's own storage overhead). */
    public int storedBytes() {
        return verbatim != null ? verbatim.length : deflated.length;
    }

    static byte[] deflate(byte[] bytes) {
        Deflater deflater = new Deflater(LEVEL);
        try {
            deflater.setInput(bytes);
            deflater.finish();
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.max(64, bytes.length / 8));
            byte[] chunk = new byte[64 * 1024];
            while (!deflater.finished()) {
                out.write(chunk, 0, deflater.deflate(chunk));
            }
            return out.toByteArray();
        } finally {
            deflater.end();
        }
    }

    /** zlib's own checksum (Adler-32) guards the stored bytes: a damaged value is an error here, never other bytes. */
    static byte[] inflate(byte[] deflated) {
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(deflated);
            ByteArrayOutputStream out = new ByteArrayOutputStream(deflated.length * 8);
            byte[] chunk = new byte[64 * 1024];
            while (!inflater.finished()) {
                int n = inflater.inflate(chunk);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    throw new IllegalStateException("a stored envelope is cut short");
                }
                out.write(chunk, 0, n);
            }
            if (inflater.getRemaining() != 0) {
                throw new IllegalStateException("a stored envelope has bytes after its end");
            }
            return out.toByteArray();
        } catch (DataFormatException e) {
            throw new IllegalStateException("a stored envelope is damaged: " + e.getMessage(), e);
        } finally {
            inflater.end();
        }
    }
}
