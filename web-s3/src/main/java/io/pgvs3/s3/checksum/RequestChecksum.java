package io.pgvs3.s3.checksum;

import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import java.util.List;
import java.util.Map;

/**
 * The one {@code x-amz-checksum-<algorithm>} value header of a request without a body to check it
 * against here (CompleteMultipartUpload names the whole object's checksum, which the store computes).
 */
public record RequestChecksum(ChecksumAlgorithm algorithm, String value) {

    /** The value header, or null without one; contradictory checksum headers are S3's InvalidRequest. */
    public static RequestChecksum of(Map<String, List<String>> headers) {
        RequestChecksumHeaders parsed = RequestChecksumHeaders.parse(headers);
        return parsed.valueAlgorithm() == null ? null : new RequestChecksum(parsed.valueAlgorithm(), parsed.value());
    }
}
