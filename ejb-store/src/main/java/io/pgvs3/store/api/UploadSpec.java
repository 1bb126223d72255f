package io.pgvs3.store.api;

import java.util.Map;

/**
 * CreateMultipartUpload: what the completed object will carry.
 *
 * @param checksumAlgorithm CRC32, CRC32C, CRC64NVME, SHA1, SHA256, or null
 * @param checksumType      COMPOSITE or FULL_OBJECT, or null
 */
public record UploadSpec(String bucket, String key, String contentType, Map<String, String> userMetadata,
                         String checksumAlgorithm, String checksumType) {
}
