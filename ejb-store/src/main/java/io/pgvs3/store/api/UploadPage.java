package io.pgvs3.store.api;

import java.util.List;

/**
 * One page of ListMultipartUploads: uploads by key, then by upload id (which sort by initiation).
 *
 * @param nextKeyMarker      the last key or common prefix on the page, or null when empty
 * @param nextUploadIdMarker the last upload id when the page ends with an upload, else null
 */
public record UploadPage(List<UploadInfo> uploads, List<String> commonPrefixes, boolean truncated,
                         String nextKeyMarker, String nextUploadIdMarker) {
}
