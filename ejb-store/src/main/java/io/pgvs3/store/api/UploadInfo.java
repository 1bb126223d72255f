package io.pgvs3.store.api;

import java.time.Instant;

/** An upload in progress, as CreateMultipartUpload, ListParts and ListMultipartUploads show it. */
public record UploadInfo(String key, String uploadId, Instant initiated, String checksumAlgorithm,
                         String checksumType) {
}
