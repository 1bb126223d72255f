package io.pgvs3.store.write;

/**
 * A verified body ready to publish: inline ({@code inlineData} non-null, maybe zstd), one chunked file
 * ({@code fileId}), or the ordered part files of a multipart upload ({@code parts}, with {@code fileId}
 * the first of them and {@code partEnds} the exclusive end offset of each part).
 *
 * @param userMetadata flat, sorted {@code [name, value, ...]}
 */
public record NewObject(String key, long size, String etag, byte[] sha256, String contentType, String[] userMetadata,
                        byte[] inlineData, boolean inlineZstd, Long fileId, Long[] parts, Long[] partEnds) {

    public NewObject(String key, long size, String etag, byte[] sha256, String contentType, String[] userMetadata,
                     byte[] inlineData, boolean inlineZstd, Long fileId) {
        this(key, size, etag, sha256, contentType, userMetadata, inlineData, inlineZstd, fileId, null, null);
    }
}
