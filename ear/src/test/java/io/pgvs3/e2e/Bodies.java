package io.pgvs3.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.SplittableRandom;

/** Deterministic pseudo-random bodies of any size, generated as they stream (never held whole). */
final class Bodies {

    private Bodies() {
    }

    static InputStream stream(long size, long seed) {
        return new InputStream() {
            private final SplittableRandom random = new SplittableRandom(seed);
            private long remaining = size;

            @Override
            public int read() {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) {
                if (remaining == 0) {
                    return -1;
                }
                int n = (int) Math.min(length, remaining);
                for (int i = 0; i < n; i++) {
                    buffer[offset + i] = (byte) random.nextInt(256);
                }
                remaining -= n;
                return n;
            }
        };
    }

    static byte[] bytes(int size, long seed) throws IOException {
        return stream(size, seed).readAllBytes();
    }

    static String md5(InputStream in) throws IOException {
        MessageDigest md5 = md5();
        byte[] buffer = new byte[1 << 16];
        for (int n; (n = in.read(buffer)) > 0; ) {
            md5.update(buffer, 0, n);
        }
        return HexFormat.of().formatHex(md5.digest());
    }

    static String md5(byte[] data) {
        return HexFormat.of().formatHex(md5().digest(data));
    }

    private static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
