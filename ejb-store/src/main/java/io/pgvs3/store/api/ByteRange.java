package io.pgvs3.store.api;

/** An inclusive byte range {@code [first, last]} of an object, already resolved against its size. */
public record ByteRange(long first, long last) {

    public ByteRange {
        if (first < 0 || last < first) {
            throw new IllegalArgumentException("bad range " + first + "-" + last);
        }
    }

    public static ByteRange whole(long size) {
        return size == 0 ? null : new ByteRange(0, size - 1);
    }

    public long length() {
        return last - first + 1;
    }
}
