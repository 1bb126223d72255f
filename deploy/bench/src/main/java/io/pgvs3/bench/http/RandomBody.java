package io.pgvs3.bench.http;

import java.io.IOException;
import java.io.OutputStream;
import java.util.SplittableRandom;

/**
 * A pseudo-random body of any length, read from one shared 16 MiB pool of random bytes starting at a
 * seed-dependent offset and wrapping around. It repeats only every 16 MiB, further than any window the
 * servers compress in (pgvs3 compresses 8,120-byte rows one by one), so it is incompressible to them,
 * yet costs the client no generation per byte and no memory per object.
 *
 * @param length bytes
 * @param seed   picks the starting offset, so bodies of different seeds differ
 */
public record RandomBody(long length, long seed) implements Body {
    static final int POOL_SIZE = 16 << 20;
    private static final int WRITE = 256 * 1024;

    public RandomBody {
        if (length < 0) {
            throw new IllegalArgumentException("negative body length " + length);
        }
    }

    private static final class Pool {
        static final byte[] BYTES = new byte[POOL_SIZE];

        static {
            new SplittableRandom(0x5EED).nextBytes(BYTES);
        }
    }

    @Override
    public void writeTo(OutputStream out) throws IOException {
        writeRange(0, length, out);
    }

    /** Writes bytes {@code [from, from + count)} of this body, as a server answering a range would. */
    public void writeRange(long from, long count, OutputStream out) throws IOException {
        if (from < 0 || count < 0 || from + count > length) {
            throw new IllegalArgumentException("range " + from + "+" + count + " outside a body of " + length);
        }
        long at = Math.floorMod(seed * 0x9E3779B97F4A7C15L, POOL_SIZE) + from;
        for (long left = count; left > 0; ) {
            int offset = (int) (at % POOL_SIZE);
            int n = (int) Math.min(left, Math.min(WRITE, POOL_SIZE - offset));
            out.write(Pool.BYTES, offset, n);
            at += n;
            left -= n;
        }
    }
}
