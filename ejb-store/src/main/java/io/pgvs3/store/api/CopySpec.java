package io.pgvs3.store.api;

import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import java.util.Map;

/**
 * CopyObject.
 *
 * @param replaceMetadata   false (metadata directive COPY): the copy keeps the source's content type and
 *                          user metadata and {@code contentType}/{@code userMetadata} are ignored
 * @param condition         the condition on the target key, decided at publication as for a PUT
 * @param checksumAlgorithm {@code x-amz-checksum-algorithm}: the copy carries this algorithm's full-object
 *                          checksum (the source's when it has it, else computed); null keeps the source's
 */
public record CopySpec(CopySource source, String bucket, String key, boolean replaceMetadata, String contentType,
                       Map<String, String> userMetadata, WriteCondition condition, ChecksumAlgorithm checksumAlgorithm) {

    public CopySpec(CopySource source, String bucket, String key, boolean replaceMetadata, String contentType,
                    Map<String, String> userMetadata, WriteCondition condition) {
        this(source, bucket, key, replaceMetadata, contentType, userMetadata, condition, null);
    }
}
