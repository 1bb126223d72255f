package io.pgvs3.bench.sol;

import io.pgvs3.bench.http.RandomBody;

/**
 * One object size of the sol run: its body (hashed once, untimed), its case names and the range read
 * from its middle.
 */
final class SolCase {
    private final long size;
    private final long rangeLength;
    private final RandomBody body;
    private final String bodySha256;

    SolCase(long size, long rangeLength) {
        this.size = size;
        this.rangeLength = Math.min(rangeLength, size);
        this.body = new RandomBody(size, size);
        this.bodySha256 = body.sha256Hex();
    }

    String label() {
        return ByteSize.label(size);
    }

    /** e.g. sol-get-first-256m */
    String name(String call) {
        return "sol-" + call + '-' + label();
    }

    /** e.g. sol-range-8m-of-256m */
    String rangeName() {
        return "sol-range-" + ByteSize.label(rangeLength) + "-of-" + label();
    }

    RandomBody body() {
        return body;
    }

    String bodySha256() {
        return bodySha256;
    }

    long rangeLength() {
        return rangeLength;
    }

    long rangeFirst() {
        return (size - rangeLength) / 2;
    }
}
