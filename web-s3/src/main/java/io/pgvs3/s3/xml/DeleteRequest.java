package io.pgvs3.s3.xml;

import java.util.List;

/**
 * A parsed DeleteObjects body.
 *
 * @param quiet   report only errors
 * @param objects the entries in document order
 */
public record DeleteRequest(boolean quiet, List<Entry> objects) {

    /**
     * One {@code <Object>}.
     *
     * @param versionId          null when absent
     * @param etag               the {@code <ETag>} condition as sent (maybe quoted), or null
     * @param directoryCondition {@code <LastModifiedTime>} or {@code <Size>} was given (directory buckets only)
     */
    public record Entry(String key, String versionId, String etag, boolean directoryCondition) {
    }
}
