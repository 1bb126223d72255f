package io.pgvs3.s3.io;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A decorator that must see every byte once, in order: single-byte reads and skips go through {@link
 * #read(byte[], int, int)}, and mark/reset is refused, since replaying bytes would hash or verify them
 * twice. Subclasses implement only the bulk read.
 */
public abstract class ReadThroughInputStream extends FilterInputStream {

    protected ReadThroughInputStream(InputStream in) {
        super(in);
    }

    @Override
    public abstract int read(byte[] b, int off, int len) throws IOException;

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    /** Skips by reading. */
    @Override
    public long skip(long n) throws IOException {
        byte[] scratch = new byte[(int) Math.min(8192, Math.max(n, 0))];
        long skipped = 0;
        while (skipped < n) {
            int r = read(scratch, 0, (int) Math.min(scratch.length, n - skipped));
            if (r < 0) {
                break;
            }
            skipped += r;
        }
        return skipped;
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    @Override
    public synchronized void mark(int readlimit) {
        // not supported, see the class comment
    }

    @Override
    public synchronized void reset() throws IOException {
        throw new IOException("mark/reset not supported");
    }
}
