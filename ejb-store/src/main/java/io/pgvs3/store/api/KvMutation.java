package io.pgvs3.store.api;

import java.util.List;

/** The logic of one read-modify-write: sees the locked entries, records its writes, returns the reply. */
@FunctionalInterface
public interface KvMutation<T> {

    /**
     * @param current one entry per key of the call, in its order; null where absent or expired
     * @param changes where the writes go; they apply in the order recorded, to keys of the call only
     */
    T apply(List<KvEntry> current, KvChanges changes);
}
