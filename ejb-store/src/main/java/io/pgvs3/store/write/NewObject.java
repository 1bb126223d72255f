package io.pgvs3.store.write;

/**
 * A verified body ready to publish: either inline ({@code inlineData} non-null, maybe zstd) or one
 * chunked file ({@code fileId}).
 *
 * @param userMetadata flat, sorted {@code [name, value, ...]}
 */
record NewObject(String key, long size, String etag, byte[] sha256, String contentType, String[] userMetadata,
                 byte[] inlineData, boolean inlineZstd, Long fileId) {
}
