package io.pgvs3.store.api.checksum;

/**
 * Combines two reflected CRCs whose init and xorout are all ones (CRC32, CRC32C, CRC64NVME):
 * {@code crc(A || B) = crc(A) * x^(8 |B|) mod P  xor  crc(B)}. Polynomials are multiplied bit by bit
 * in reflected form (zlib's {@code multmodp}); {@code x^(2^k) mod P} is tabulated once, so a
 * combination costs O(log |B|) multiplications and never touches the data.
 */
final class CrcCombiner {

    /** x^(2^k) for k up to 66 covers any length of up to 2^63 bytes (2^66 bits). */
    private static final int POWERS = 67;

    private final long poly;
    private final long one;
    private final long[] powers = new long[POWERS];

    CrcCombiner(int width, long reflectedPoly) {
        this.poly = reflectedPoly;
        this.one = 1L << (width - 1);
        powers[0] = one >>> 1;
        for (int k = 1; k < POWERS; k++) {
            powers[k] = multiply(powers[k - 1], powers[k - 1]);
        }
    }

    /** The CRC of A followed by B, from their CRCs and the length of B in bytes. */
    long combine(long crcA, long crcB, long lengthB) {
        if (lengthB < 0) {
            throw new IllegalArgumentException("negative length " + lengthB);
        }
        return multiply(xToEightTimes(lengthB), crcA) ^ crcB;
    }

    /** x^(8n) mod P. */
    private long xToEightTimes(long n) {
        long p = one;
        for (int k = 3; n != 0; n >>>= 1, k++) {
            if ((n & 1) != 0) {
                p = multiply(powers[k], p);
            }
        }
        return p;
    }

    /** a * b mod P in reflected bit order; {@code a} must not be zero. */
    private long multiply(long a, long b) {
        long m = one;
        long p = 0;
        while (true) {
            if ((a & m) != 0) {
                p ^= b;
                if ((a & (m - 1)) == 0) {
                    return p;
                }
            }
            m >>>= 1;
            b = (b & 1) != 0 ? (b >>> 1) ^ poly : b >>> 1;
        }
    }
}
