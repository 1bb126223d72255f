package io.pgvs3.store.api;

import java.time.Instant;
import java.util.Map;

/**
 * An object's metadata as read from its row.
 *
 * @param etag         the S3 ETag without quotes (lowercase hex MD5)
 * @param userMetadata {@code x-amz-meta-*} pairs, names lower-case without the prefix, sorted by name
 */
public record ObjectMeta(String bucket, String key, long size, String etag, String contentType,
                         Map<String, String> userMetadata, Instant lastModified, BodyLocation location) {
}
