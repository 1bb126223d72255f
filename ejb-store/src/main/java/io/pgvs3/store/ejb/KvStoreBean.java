package io.pgvs3.store.ejb;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.access.Pool;
import io.pgvs3.store.access.SessionBinding;
import io.pgvs3.store.api.HeldSession;
import io.pgvs3.store.api.KvCounts;
import io.pgvs3.store.api.KvEntry;
import io.pgvs3.store.api.KvMutation;
import io.pgvs3.store.api.KvPage;
import io.pgvs3.store.api.KvPut;
import io.pgvs3.store.api.KvSession;
import io.pgvs3.store.api.KvStore;
import io.pgvs3.store.kv.KvService;
import io.pgvs3.store.write.CopyWatchdogs;
import jakarta.annotation.PreDestroy;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import java.util.List;

/**
 * {@link KvStore} for the RESP bridge; each pooled instance owns its session (and its zstd contexts), and
 * opens further ones for threads that call without the container (docs/adr/0050).
 */
@Stateless
@TransactionManagement(TransactionManagementType.BEAN)
public class KvStoreBean extends StoreFacade implements KvStore {

    private DataAccess access;
    private CopyWatchdogs watchdogs;
    private KvSession kv;

    @Override
    protected void wire(DataAccess dataAccess, CopyWatchdogs copyWatchdogs) {
        access = dataAccess;
        watchdogs = copyWatchdogs;
        kv = openSession();
    }

    @PreDestroy
    void close() {
        kv.close();
    }

    /** Large values are copied on the main pool, so their COPYs are watched with its socket timeout. */
    @Override
    public KvSession openSession() {
        SessionBinding main = new SessionBinding(access.pool(Pool.MAIN));
        return new GatedKvSession(layout, new KvService(access.bound(main), watchdogs.main()), main);
    }

    @Override
    public HeldSession holdSession() {
        return access.holdMain();
    }

    @Override
    public List<KvEntry> get(int db, List<byte[]> keys, long now) {
        return kv.get(db, keys, now);
    }

    @Override
    public List<KvEntry> getWithin(int db, List<byte[]> keys, long now, long maxBytes) {
        return kv.getWithin(db, keys, now, maxBytes);
    }

    @Override
    public List<KvEntry> peek(int db, List<byte[]> keys, long now) {
        return kv.peek(db, keys, now);
    }

    @Override
    public void put(int db, List<KvPut> puts) {
        kv.put(db, puts);
    }

    @Override
    public int delete(int db, List<byte[]> keys, long now) {
        return kv.delete(db, keys, now);
    }

    @Override
    public <T> T mutate(int db, List<byte[]> keys, boolean withValues, long now, KvMutation<T> mutation) {
        return kv.mutate(db, keys, withValues, now, mutation);
    }

    @Override
    public KvPage scan(int db, long cursor, int count, long now) {
        return kv.scan(db, cursor, count, now);
    }

    @Override
    public byte[] randomKey(int db, long now) {
        return kv.randomKey(db, now);
    }

    @Override
    public KvCounts count(int db, long now) {
        return kv.count(db, now);
    }

    @Override
    public void flush(int db) {
        kv.flush(db);
    }
}
