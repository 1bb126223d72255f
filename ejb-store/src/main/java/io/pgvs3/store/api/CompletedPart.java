package io.pgvs3.store.api;

/** One entry of a CompleteMultipartUpload part list; {@code etag} as the client sent it (quotes allowed). */
public record CompletedPart(int partNumber, String etag) {
}
