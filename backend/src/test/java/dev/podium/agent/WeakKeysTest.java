package dev.podium.agent;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.security.KeyPairGenerator;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** Honest keys pass the weak-key checks; the refused encodings are in schema/testdata/hostile (enrol-weak-key-*). */
class WeakKeysTest {

    @Test
    void every_generated_key_is_sound() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("Ed25519");
        for (int i = 0; i < 100; i++) {
            byte[] spki = generator.generateKeyPair().getPublic().getEncoded();
            byte[] raw = Arrays.copyOfRange(spki, spki.length - 32, spki.length);
            assertNull(WeakKeys.problem(raw), HexFormat.of().formatHex(raw));
        }
    }

    @Test
    void a_sound_key_plus_a_point_of_order_2_is_refused() {
        // the base point B, and B + (0, -1) = (-x, -y): on the curve, not of small order, but of order 2L
        byte[] base = HexFormat.of().parseHex("5866666666666666666666666666666666666666666666666666666666666666");
        assertNull(WeakKeys.problem(base));
        byte[] mixed = HexFormat.of().parseHex("9599999999999999999999999999999999999999999999999999999999999999");
        assertNotNull(WeakKeys.problem(mixed), "B + T2 (order 2L) is outside the prime-order subgroup");
    }
}
