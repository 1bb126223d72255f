package io.pgvs3.store.api;

import java.util.Map;

/**
 * Everything about a PUT except its body.
 *
 * @param declaredLength the decoded body length when the client declared it, else -1; a body that ends
 *                       short of it, or runs past it, is refused (INCOMPLETE_BODY)
 * @param expectedMd5    Content-MD5 (16 raw bytes) to verify before publication, or null
 * @param expectedSha256 the signed payload hash (32 raw bytes) to verify before publication, or null
 */
public record PutSpec(String bucket, String key, String contentType, Map<String, String> userMetadata,
                      WriteCondition condition, long declaredLength, byte[] expectedMd5,
                      byte[] expectedSha256) {
}
