package io.pgvs3.store.testing;

import java.io.IOException;
import java.io.InputStream;
import java.util.function.Supplier;

/** Serves {@code limit} bytes of {@code body}, then throws what {@code failure} supplies. */
public final class FailingStream extends InputStream {

    private final byte[] body;
    private final int limit;
    private final Supplier<? extends Exception> failure;
    private int pos;

    public FailingStream(byte[] body, int limit, Supplier<? extends Exception> failure) {
        this.body = body;
        this.limit = limit;
        this.failure = failure;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (pos >= limit) {
            Exception e = failure.get();
            if (e instanceof IOException io) {
                throw io;
            }
            throw (RuntimeException) e;
        }
        int n = Math.min(len, limit - pos);
        System.arraycopy(body, pos, b, off, n);
        pos += n;
        return n;
    }
}
