package io.pgvs3.e2e;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.ByteBuffer;

/**
 * Version {@code version} of key number {@code key}: its first 16 bytes say which (version, key), the
 * rest is deterministic, so any body read back names the write it must equal.
 */
record VersionedBody(int key, long version, long size) {

    static final int HEADER = 16;

    InputStream stream() {
        byte[] header = ByteBuffer.allocate(HEADER).putLong(version).putLong(key).array();
        return new SequenceInputStream(new ByteArrayInputStream(header), Bodies.stream(size - HEADER, key * 1_000_003L + version));
    }

    String md5() throws IOException {
        return Bodies.md5(stream());
    }

    /** The version a body read back claims to be, or -1 if it is too short to say. */
    static long versionOf(byte[] body) {
        return body.length < HEADER ? -1 : ByteBuffer.wrap(body).getLong();
    }

    static long keyOf(byte[] body) {
        return body.length < HEADER ? -1 : ByteBuffer.wrap(body).getLong(8);
    }
}
