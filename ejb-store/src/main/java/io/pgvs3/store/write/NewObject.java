package io.pgvs3.store.write;

import io.pgvs3.store.api.checksum.ObjectChecksum;

/**
 * A verified body ready to publish: inline ({@code inlineData} non-null, maybe zstd), one chunked file
 * ({@code fileId}), or the ordered part files of a multipart upload ({@code parts}, with {@code fileId}
 * the first of them and {@code partEnds} the exclusive end offset of each part).
 *
 * @param userMetadata   flat, sorted {@code [name, value, ...]}
 * @param contentHeaders flat {@code [header name, value, ...]} of the standard headers kept with the object
 * @param checksum       the verified checksum to store, or null
 */
public record NewObject(String key, long size, String etag, byte[] sha256, String contentType, String[] userMetadata,
                        byte[] inlineData, boolean inlineZstd, Long fileId, String[] contentHeaders,
                        ObjectChecksum checksum, Long[] parts, Long[] partEnds) {
}
