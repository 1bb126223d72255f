package io.pgvs3.e2e;

import java.io.IOException;
import java.io.InputStream;

/** A test body whose behaviour lives in {@link #read(byte[], int, int)}; a single-byte read goes through it. */
abstract class BulkInputStream extends InputStream {

    @Override
    public final int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public abstract int read(byte[] buffer, int offset, int length) throws IOException;
}
