package io.pgvs3.store.api;

import io.pgvs3.store.api.checksum.ObjectChecksum;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Everything about a PUT except its body.
 *
 * @param contentType    null or blank for {@link ObjectStore#DEFAULT_CONTENT_TYPE}
 * @param declaredLength the decoded body length when the client declared it, else -1; a body that ends
 *                       short of it, or runs past it, is refused (INCOMPLETE_BODY)
 * @param expectedMd5    Content-MD5 (16 raw bytes) to verify before publication, or null
 * @param expectedSha256 the signed payload hash (32 raw bytes) to verify before publication, or null
 * @param contentHeaders Cache-Control, Content-Disposition, ... to keep with the object
 * @param checksum       asked once the body has been read to its end and before publication: the
 *                       verified checksum to store (null for none). It may throw, e.g. for a checksum
 *                       mismatch: nothing is published, and the store answers REJECTED_INPUT with that
 *                       exception as the cause. Null for no checksum.
 */
public record PutSpec(String bucket, String key, String contentType, Map<String, String> userMetadata,
                      WriteCondition condition, long declaredLength, byte[] expectedMd5,
                      byte[] expectedSha256, ContentHeaders contentHeaders, Supplier<ObjectChecksum> checksum) {

    /** A PUT without content headers and without a checksum to store. */
    public PutSpec(String bucket, String key, String contentType, Map<String, String> userMetadata,
                   WriteCondition condition, long declaredLength, byte[] expectedMd5, byte[] expectedSha256) {
        this(bucket, key, contentType, userMetadata, condition, declaredLength, expectedMd5, expectedSha256,
                ContentHeaders.NONE, null);
    }
}
