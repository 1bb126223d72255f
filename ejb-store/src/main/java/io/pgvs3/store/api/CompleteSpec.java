package io.pgvs3.store.api;

import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import java.util.List;

/**
 * CompleteMultipartUpload: the parts in the order the client listed them, the write condition, and the
 * whole-object checksum the client sent as a header, which must equal the computed one.
 *
 * @param expectedAlgorithm the algorithm of the request's {@code x-amz-checksum-*} header, or null
 * @param expectedValue     that header's value (a COMPOSITE value with or without its {@code -n})
 */
public record CompleteSpec(String bucket, String key, String uploadId, List<CompletedPart> parts,
                           WriteCondition condition, ChecksumAlgorithm expectedAlgorithm, String expectedValue) {

    public CompleteSpec(String bucket, String key, String uploadId, List<CompletedPart> parts,
                        WriteCondition condition) {
        this(bucket, key, uploadId, parts, condition, null, null);
    }
}
