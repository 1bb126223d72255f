package io.pgvs3.store.api;

import io.pgvs3.store.api.checksum.ObjectChecksum;
import java.util.function.Supplier;

/**
 * UploadPart (or the target of UploadPartCopy) except its body.
 *
 * @param partNumber     1..10000
 * @param declaredLength the decoded body length when declared, else -1 (ignored by copies)
 * @param expectedMd5    Content-MD5 (16 raw bytes) to verify, or null
 * @param expectedSha256 the signed payload hash (32 raw bytes) to verify, or null
 * @param checksum       called once the body has ended and before the part is recorded: the verified
 *                       checksum the client declared for the part, or null when it declared none (may
 *                       throw to reject the part: the store then answers REJECTED_INPUT with that
 *                       exception as the cause); a null supplier means none (copies)
 */
public record PartSpec(String bucket, String key, String uploadId, int partNumber, long declaredLength,
                       byte[] expectedMd5, byte[] expectedSha256, Supplier<ObjectChecksum> checksum) {

    public PartSpec(String bucket, String key, String uploadId, int partNumber, long declaredLength,
                    byte[] expectedMd5, byte[] expectedSha256) {
        this(bucket, key, uploadId, partNumber, declaredLength, expectedMd5, expectedSha256, null);
    }

    public static final int MIN_PART_NUMBER = 1;
    public static final int MAX_PART_NUMBER = 10_000;
}
