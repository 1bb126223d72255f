package io.pgvs3.store.api;

import io.pgvs3.store.api.checksum.ChecksumAlgorithm;

/**
 * One entry of a CompleteMultipartUpload part list; {@code etag} as the client sent it (quotes allowed).
 *
 * @param checksumAlgorithm the algorithm of the entry's {@code Checksum*} element, or null when none
 * @param checksumValue     that element's value as sent, or null
 */
public record CompletedPart(int partNumber, String etag, ChecksumAlgorithm checksumAlgorithm, String checksumValue) {

    public CompletedPart(int partNumber, String etag) {
        this(partNumber, etag, null, null);
    }
}
