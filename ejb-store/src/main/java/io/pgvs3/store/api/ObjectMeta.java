package io.pgvs3.store.api;

import io.pgvs3.store.api.checksum.ObjectChecksum;
import java.time.Instant;
import java.util.Map;

/**
 * An object's metadata as read from its row.
 *
 * @param etag           the S3 ETag without quotes (lowercase hex MD5)
 * @param userMetadata   {@code x-amz-meta-*} pairs, names lower-case without the prefix, sorted by name
 * @param contentHeaders the standard headers stored with the object (never null)
 * @param checksum       the verified checksum stored with the object, or null
 */
public record ObjectMeta(String bucket, String key, long size, String etag, String contentType,
                         Map<String, String> userMetadata, Instant lastModified, BodyLocation location,
                         ContentHeaders contentHeaders, ObjectChecksum checksum) {

    public ObjectMeta(String bucket, String key, long size, String etag, String contentType,
                      Map<String, String> userMetadata, Instant lastModified, BodyLocation location) {
        this(bucket, key, size, etag, contentType, userMetadata, lastModified, location, ContentHeaders.NONE, null);
    }
}
