package io.pgvs3.store.api;

import java.util.List;

/**
 * One page of a listing.
 *
 * @param commonPrefixes in key order, interleaved logically with the objects
 * @param truncated      more entries follow
 * @param lastEntry      the greatest key or common prefix on this page (the next cursor), or null if empty
 */
public record ListPage(List<ObjectSummary> objects, List<String> commonPrefixes, boolean truncated,
                       String lastEntry) {
}
