package io.pgvs3.store.api;

import java.util.Map;

/**
 * CopyObject.
 *
 * @param replaceMetadata false (metadata directive COPY): the copy keeps the source's content type and
 *                        user metadata and {@code contentType}/{@code userMetadata} are ignored
 * @param condition       the condition on the target key, decided at publication as for a PUT
 */
public record CopySpec(CopySource source, String bucket, String key, boolean replaceMetadata, String contentType,
                       Map<String, String> userMetadata, WriteCondition condition) {
}
