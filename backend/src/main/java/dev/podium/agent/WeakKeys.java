package dev.podium.agent;

import java.math.BigInteger;

/**
 * Refuses Ed25519 public keys that let a constant signature verify over any message: encodings that are not
 * canonical, points not on the curve, points of small order (all zeros and the 8 torsion points among them) and
 * points outside the prime-order subgroup. Honest keys (a seed's public key) pass every check.
 */
final class WeakKeys {

    private static final BigInteger P = BigInteger.TWO.pow(255).subtract(BigInteger.valueOf(19));
    private static final BigInteger D = BigInteger.valueOf(-121665)
            .multiply(BigInteger.valueOf(121666).modInverse(P))
            .mod(P);
    private static final BigInteger L =
            BigInteger.TWO.pow(252).add(new BigInteger("27742317777372353535851937790883648493"));
    private static final BigInteger SQRT_M1 =
            BigInteger.TWO.modPow(P.subtract(BigInteger.ONE).shiftRight(2), P);
    private static final BigInteger[] IDENTITY = {BigInteger.ZERO, BigInteger.ONE};

    private WeakKeys() {}

    /** Why the raw 32-byte key is refused, or null when it is a sound public key. */
    static String problem(byte[] key) {
        if (key.length != 32) {
            return "an Ed25519 public key is 32 bytes, got " + key.length;
        }
        byte[] bigEndian = new byte[32];
        for (int i = 0; i < 32; i++) {
            bigEndian[i] = key[31 - i];
        }
        boolean sign = (bigEndian[0] & 0x80) != 0;
        bigEndian[0] &= 0x7F;
        BigInteger y = new BigInteger(1, bigEndian);
        if (y.compareTo(P) >= 0) {
            return "the key is not canonically encoded (y >= 2^255 - 19)";
        }
        BigInteger y2 = y.multiply(y).mod(P);
        BigInteger u = y2.subtract(BigInteger.ONE).mod(P);
        BigInteger v = D.multiply(y2).add(BigInteger.ONE).mod(P);
        BigInteger x = sqrtRatio(u, v);
        if (x == null) {
            return "the key is not a point on Ed25519";
        }
        if (x.signum() == 0 && sign) {
            return "the key is not canonically encoded (x = 0 with the sign bit set)";
        }
        if (x.testBit(0) != sign) {
            x = P.subtract(x);
        }
        BigInteger[] point = {x, y};
        BigInteger[] times8 = add(add(add(point, point), add(point, point)), add(add(point, point), add(point, point)));
        if (isIdentity(times8)) {
            return "the key is a point of small order: a constant signature would verify over any message";
        }
        if (!isIdentity(multiply(point, L))) {
            return "the key is not in the prime-order subgroup";
        }
        return null;
    }

    // x with x^2 = u/v, or null when there is none (RFC 8032 section 5.1.3)
    private static BigInteger sqrtRatio(BigInteger u, BigInteger v) {
        BigInteger v3 = v.modPow(BigInteger.valueOf(3), P);
        BigInteger v7 = v.modPow(BigInteger.valueOf(7), P);
        BigInteger x = u.multiply(v3)
                .mod(P)
                .multiply(u.multiply(v7)
                        .mod(P)
                        .modPow(P.subtract(BigInteger.valueOf(5)).shiftRight(3), P))
                .mod(P);
        BigInteger vx2 = v.multiply(x).multiply(x).mod(P);
        if (vx2.equals(u)) {
            return x;
        }
        if (vx2.equals(P.subtract(u).mod(P))) {
            return x.multiply(SQRT_M1).mod(P);
        }
        return null;
    }

    // the complete twisted Edwards addition law (a = -1), affine
    private static BigInteger[] add(BigInteger[] a, BigInteger[] b) {
        BigInteger t = D.multiply(a[0])
                .multiply(b[0])
                .mod(P)
                .multiply(a[1])
                .multiply(b[1])
                .mod(P);
        BigInteger x = a[0].multiply(b[1])
                .add(a[1].multiply(b[0]))
                .multiply(BigInteger.ONE.add(t).modInverse(P))
                .mod(P);
        BigInteger y = a[1].multiply(b[1])
                .add(a[0].multiply(b[0]))
                .multiply(BigInteger.ONE.subtract(t).mod(P).modInverse(P))
                .mod(P);
        return new BigInteger[] {x, y};
    }

    private static BigInteger[] multiply(BigInteger[] point, BigInteger scalar) {
        BigInteger[] result = IDENTITY;
        for (int i = scalar.bitLength() - 1; i >= 0; i--) {
            result = add(result, result);
            if (scalar.testBit(i)) {
                result = add(result, point);
            }
        }
        return result;
    }

    private static boolean isIdentity(BigInteger[] point) {
        return point[0].signum() == 0 && point[1].equals(BigInteger.ONE);
    }
}
