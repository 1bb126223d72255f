package io.pgvs3.store.api;

/**
 * ListMultipartUploads in store terms.
 *
 * @param keyMarker      null, or list only uploads after this key (or, with {@code uploadIdMarker}, after
 *                       that upload of this key); a marker inside a common prefix skips the whole prefix
 * @param uploadIdMarker ignored without {@code keyMarker}
 * @param maxUploads     0..1000 entries (uploads plus common prefixes)
 */
public record UploadQuery(String bucket, String prefix, String delimiter, String keyMarker, String uploadIdMarker,
                          int maxUploads) {
}
