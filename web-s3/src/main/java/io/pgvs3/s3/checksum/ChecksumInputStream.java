package io.pgvs3.s3.checksum;

import io.pgvs3.s3.io.ReadThroughInputStream;
import io.pgvs3.store.api.checksum.RunningChecksum;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/** Feeds every byte read through it to a running checksum; the digest is available once EOF was seen. */
public final class ChecksumInputStream extends ReadThroughInputStream {

    private final RunningChecksum checksum;
    private boolean ended;
    private byte[] digest;

    public ChecksumInputStream(InputStream in, RunningChecksum checksum) {
        super(Objects.requireNonNull(in));
        this.checksum = Objects.requireNonNull(checksum);
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
