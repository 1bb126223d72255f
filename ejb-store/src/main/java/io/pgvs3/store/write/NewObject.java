package io.pgvs3.store.write;

import io.pgvs3.store.api.checksum.ObjectChecksum;

/**
 * A verified body ready to publish: either inline ({@code inlineData} non-null, maybe zstd) or one
 * chunked file ({@code fileId}).
 *
 * @param userMetadata   flat, sorted {@code [name, value, ...]}
 * @param contentHeaders flat {@code [header name, value, ...]} of the standard headers kept with the object
 * @param checksum       the verified checksum to store, or null
 */
record NewObject(String key, long size, String etag, byte[] sha256, String contentType, String[] userMetadata,
                 byte[] inlineData, boolean inlineZstd, Long fileId, String[] contentHeaders,
                 ObjectChecksum checksum) {
}
