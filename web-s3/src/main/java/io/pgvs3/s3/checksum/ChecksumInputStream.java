package io.pgvs3.s3.checksum;

import io.pgvs3.store.api.checksum.RunningChecksum;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/** Feeds every byte read through it to a running checksum; the digest is available once EOF was seen. */
public final class ChecksumInputStream extends FilterInputStream {

    private final RunningChecksum checksum;
    private boolean ended;
    private byte[] digest;

    public ChecksumInputStream(InputStream in, RunningChecksum checksum) {
        super(Objects.requireNonNull(in));
        this.checksum = Objects.requireNonNull(checksum);
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = in.read(b, off, len);
        if (n > 0) {
            checksum.update(b, off, n);
        } else if (n < 0) {
            ended = true;
        }
        return n;
    }

    /** Skips by reading, so skipped bytes are checksummed too. */
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
        // not supported: a reset would feed bytes to the checksum twice
    }

    @Override
    public synchronized void reset() throws IOException {
        throw new IOException("mark/reset not supported");
    }

    /**
     * The digest of everything read. The reader has normally seen EOF already; if not, one more read
     * must find it, else the body was not consumed and there is nothing to verify yet.
     *
     * @throws IllegalStateException when bytes remain unread
     */
    public byte[] digest() throws IOException {
        if (digest == null) {
            if (!ended && read() >= 0) {
                throw new IllegalStateException("the body was not read to its end");
            }
            digest = checksum.digest();
        }
        return digest.clone();
    }
}
