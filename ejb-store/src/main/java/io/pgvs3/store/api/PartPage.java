package io.pgvs3.store.api;

import java.util.List;

/**
 * One page of ListParts.
 *
 * @param nextPartNumberMarker the last part number on this page (0 when empty)
 */
public record PartPage(UploadInfo upload, List<PartInfo> parts, boolean truncated, int nextPartNumberMarker) {
}
