package io.pgvs3.store.api;

import java.util.List;

/** CompleteMultipartUpload: the parts in the order the client listed them, and the write condition. */
public record CompleteSpec(String bucket, String key, String uploadId, List<CompletedPart> parts,
                           WriteCondition condition) {
}
