package io.pgvs3.store.api;

import java.util.List;

/** Keys of one scan step and the cursor of the next one (0: the scan is complete). */
public record KvPage(List<byte[]> keys, long cursor) {
}
