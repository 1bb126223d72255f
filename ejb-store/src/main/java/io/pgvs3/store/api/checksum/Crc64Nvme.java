package io.pgvs3.store.api.checksum;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.zip.Checksum;

/**
 * CRC-64/NVME (reflected polynomial 0x9A6C9329AC4BC9B5, init and xorout all ones), the CRC S3 calls
 * CRC64NVME and computes for every upload that names no other checksum. The JDK has none. This one reads
 * eight bytes per step (slicing-by-8) and, since one step waits for the previous one, runs three lanes
 * of {@link #LANE} bytes side by side and then joins them: the CRC register is linear, so the register
 * after A‖B is the register after A advanced over |B| zero bytes, xor the register of B from zero. The
 * advance over {@code LANE} zero bytes is a fixed linear map, tabulated like a slicing step. Three
 * lanes measured 0.42–0.48 ns/byte here against one lane's 0.68 (docs/benchmarks.md, issue 8).
 */
public final class Crc64Nvme implements Checksum {

    /** The bit-reversed form of 0xAD93D23594C93659. */
    static final long POLY = 0x9A6C9329AC4BC9B5L;
    /** Bytes per lane; three lanes make one group. */
    static final int LANE = 2048;

    private static final long[][] TABLES = tables();
    private static final long[][] ADVANCE = advanceTables(LANE);
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private long crc = -1L;

    @Override
    public void update(int b) {
        crc = TABLES[0][(int) (crc ^ b) & 0xff] ^ (crc >>> 8);
    }

    @Override
    public void update(byte[] b, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        long c = crc;
        while (len >= 3 * LANE) {
            long c1 = 0;
            long c2 = 0;
            for (int i = off, end = off + LANE; i < end; i += 8) {
                c = step(c ^ (long) LONG_LE.get(b, i));
                c1 = step(c1 ^ (long) LONG_LE.get(b, i + LANE));
                c2 = step(c2 ^ (long) LONG_LE.get(b, i + 2 * LANE));
            }
            c = apply(ADVANCE, apply(ADVANCE, c) ^ c1) ^ c2;
            off += 3 * LANE;
            len -= 3 * LANE;
        }
        while (len >= 8) {
            c = step(c ^ (long) LONG_LE.get(b, off));
            off += 8;
            len -= 8;
        }
        long[] t0 = TABLES[0];
        while (len-- > 0) {
            c = t0[(int) (c ^ b[off++]) & 0xff] ^ (c >>> 8);
        }
        crc = c;
    }

    /** The register after eight more bytes whose xor with the register is {@code c}. */
    private static long step(long c) {
        return apply(TABLES, c);
    }

    /** A linear map of the register tabulated per byte: table {@code 7 - k} holds byte {@code k}'s image. */
    private static long apply(long[][] t, long c) {
        return t[7][(int) c & 0xff] ^ t[6][(int) (c >>> 8) & 0xff]
                ^ t[5][(int) (c >>> 16) & 0xff] ^ t[4][(int) (c >>> 24) & 0xff]
                ^ t[3][(int) (c >>> 32) & 0xff] ^ t[2][(int) (c >>> 40) & 0xff]
                ^ t[1][(int) (c >>> 48) & 0xff] ^ t[0][(int) (c >>> 56) & 0xff];
    }

    @Override
    public long getValue() {
        return ~crc;
    }

    @Override
    public void reset() {
        crc = -1L;
    }

    private static long[][] tables() {
        long[][] t = new long[8][256];
        for (int i = 0; i < 256; i++) {
            long c = i;
            for (int bit = 0; bit < 8; bit++) {
                c = (c & 1) != 0 ? (c >>> 1) ^ POLY : c >>> 1;
            }
            t[0][i] = c;
        }
        for (int k = 1; k < 8; k++) {
            for (int i = 0; i < 256; i++) {
                long prev = t[k - 1][i];
                t[k][i] = (prev >>> 8) ^ t[0][(int) prev & 0xff];
            }
        }
        return t;
    }

    /** The advance of the register over {@code zeros} zero bytes, laid out for {@link #apply}. */
    private static long[][] advanceTables(int zeros) {
        long[] ofBit = new long[64];
        for (int bit = 0; bit < 64; bit++) {
            long c = 1L << bit;
            for (int i = 0; i < zeros; i++) {
                c = TABLES[0][(int) c & 0xff] ^ (c >>> 8);
            }
            ofBit[bit] = c;
        }
        long[][] t = new long[8][256];
        for (int k = 0; k < 8; k++) {
            for (int v = 0; v < 256; v++) {
                long image = 0;
                for (int bit = 0; bit < 8; bit++) {
                    if ((v >>> bit & 1) != 0) {
                        image ^= ofBit[8 * k + bit];
                    }
                }
                t[7 - k][v] = image;
            }
        }
        return t;
    }
}
