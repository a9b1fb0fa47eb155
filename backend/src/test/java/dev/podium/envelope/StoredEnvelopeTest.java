package dev.podium.envelope;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.podium.testing.TestVectors;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The stored form of an envelope: whatever is kept, the bytes given back are the body, or an error, never others. */
class StoredEnvelopeTest {

    @Test
    void a_signed_envelope_is_kept_deflated_at_a_third_of_its_size_and_given_back_byte_for_byte() {
        byte[] body = TestVectors.envelope("v2-rounds");
        StoredEnvelope stored = StoredEnvelope.of(body);
        assertTrue(stored.isDeflated());
        assertTrue(stored.storedBytes() * 3 < body.length, stored.storedBytes() + " of " + body.length);
        assertArrayEquals(body, stored.bytes());
        assertArrayEquals(body, new StoredEnvelope(null, stored.deflated()).bytes(), "as read back from its row");
    }

    @Test
    void bytes_that_deflate_to_nothing_smaller_are_kept_verbatim() {
        byte[] noise = new byte[4096];
        new SplittableRandom(7).nextBytes(noise);
        StoredEnvelope stored = StoredEnvelope.of(noise);
        assertFalse(stored.isDeflated());
        assertArrayEquals(noise, stored.bytes());
    }

    @Test
    void a_damaged_or_cut_deflated_envelope_is_an_error_not_other_bytes() {
        byte[] deflated = StoredEnvelope.of(TestVectors.envelope("full")).deflated();
        byte[] flipped = deflated.clone();
        flipped[flipped.length / 2] ^= 0x10;
        assertThrows(IllegalStateException.class, () -> new StoredEnvelope(null, flipped).bytes());
        byte[] cut = Arrays.copyOf(deflated, deflated.length - 3);
        assertThrows(IllegalStateException.class, () -> new StoredEnvelope(null, cut).bytes());
        byte[] longer = Arrays.copyOf(deflated, deflated.length + 1);
        assertThrows(IllegalStateException.class, () -> new StoredEnvelope(null, longer).bytes());
    }

    @Test
    void a_row_holds_exactly_one_form() {
        assertThrows(IllegalArgumentException.class, () -> new StoredEnvelope(null, null));
        assertThrows(IllegalArgumentException.class, () -> new StoredEnvelope(new byte[1], new byte[1]));
    }
}
