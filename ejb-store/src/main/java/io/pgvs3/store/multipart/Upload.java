package io.pgvs3.store.multipart;

import io.pgvs3.store.api.UploadInfo;
import java.time.Instant;

/**
 * An upload row.
 *
 * @param userMetadata flat, sorted {@code [name, value, ...]}, as the object will carry it
 */
record Upload(String key, String uploadId, Instant created, String checksumAlgorithm, String checksumType,
              String contentType, String[] userMetadata) {

    UploadInfo info() {
        return new UploadInfo(key, uploadId, created, checksumAlgorithm, checksumType);
    }
}
