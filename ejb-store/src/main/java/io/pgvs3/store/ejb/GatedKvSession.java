package io.pgvs3.store.ejb;

import io.pgvs3.store.access.SessionBinding;
import io.pgvs3.store.api.HeldSession;
import io.pgvs3.store.api.KvCounts;
import io.pgvs3.store.api.KvEntry;
import io.pgvs3.store.api.KvMutation;
import io.pgvs3.store.api.KvPage;
import io.pgvs3.store.api.KvPut;
import io.pgvs3.store.api.KvSession;
import io.pgvs3.store.kv.KvService;
import io.pgvs3.store.layout.LayoutGate;
import java.util.List;

/**
 * The KV operations behind the layout gate: what {@link KvStoreBean} runs inside the container for each
 * call, and what {@link KvStoreBean#openSession} hands to one thread to run without it. Not thread-safe
 * (its service's codec).
 */
final class GatedKvSession implements KvSession {

    private final LayoutGate layout;
    private final KvService kv;
    private final SessionBinding main;

    /** @param main the main pool as {@code kv} sees it */
    GatedKvSession(LayoutGate layout, KvService kv, SessionBinding main) {
        this.layout = layout;
        this.kv = kv;
        this.main = main;
    }

    @Override
    public void runOn(HeldSession held) {
        main.runOn(held);
    }

    @Override
    public List<KvEntry> get(int db, List<byte[]> keys, long now) {
        layout.require();
        return kv.get(db, keys, now);
    }

    @Override
    public List<KvEntry> getWithin(int db, List<byte[]> keys, long now, long maxBytes) {
        layout.require();
        return kv.getWithin(db, keys, now, maxBytes);
    }

    @Override
    public List<KvEntry> peek(int db, List<byte[]> keys, long now) {
        layout.require();
        return kv.peek(db, keys, now);
    }

    @Override
    public void put(int db, List<KvPut> puts) {
        layout.require();
        kv.put(db, puts);
    }

    @Override
    public int delete(int db, List<byte[]> keys, long now) {
        layout.require();
        return kv.delete(db, keys, now);
    }

    @Override
    public <T> T mutate(int db, List<byte[]> keys, boolean withValues, long now, KvMutation<T> mutation) {
        layout.require();
        return kv.mutate(db, keys, withValues, now, mutation);
    }

    @Override
    public KvPage scan(int db, long cursor, int count, long now) {
        layout.require();
        return kv.scan(db, cursor, count, now);
    }

    @Override
    public byte[] randomKey(int db, long now) {
        layout.require();
        return kv.randomKey(db, now);
    }

    @Override
    public KvCounts count(int db, long now) {
        layout.require();
        return kv.count(db, now);
    }

    @Override
    public void flush(int db) {
        layout.require();
        kv.flush(db);
    }

    @Override
    public void close() {
        kv.close();
    }
}
