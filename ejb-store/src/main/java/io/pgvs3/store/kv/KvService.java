package io.pgvs3.store.kv;

import io.pgvs3.store.api.KvCounts;
import io.pgvs3.store.api.KvEntry;
import io.pgvs3.store.api.KvMutation;
import io.pgvs3.store.api.KvPage;
import io.pgvs3.store.api.KvPut;
import io.pgvs3.store.api.KvStore;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import javax.sql.DataSource;

/**
 * {@link KvStore} over the reader, writer and mutator of one set of databases. Not thread-safe (its
 * codec): the bean holds one per bean instance, and the container never shares an instance.
 */
public final class KvService implements KvStore, AutoCloseable {

    private final KvDatabases databases;
    private final KvValues values = new KvValues();
    private final KvReader reader;
    private final KvWriter writer;
    private final KvMutator mutator;

    public KvService(DataSource main) {
        databases = new KvDatabases(main);
        reader = new KvReader(main, values);
        writer = new KvWriter(main, values);
        mutator = new KvMutator(main, values);
    }

    @Override
    public List<KvEntry> get(int db, List<byte[]> keys, long now) {
        return reader.get(db, databases.resolve(db), keys, now, true);
    }

    @Override
    public List<KvEntry> peek(int db, List<byte[]> keys, long now) {
        return reader.get(db, databases.resolve(db), keys, now, false);
    }

    @Override
    public void put(int db, List<KvPut> puts) {
        writer.put(db, databases.resolve(db), puts);
    }

    @Override
    public int delete(int db, List<byte[]> keys, long now) {
        return writer.delete(db, databases.resolve(db), keys, now);
    }

    @Override
    public <T> T mutate(int db, List<byte[]> keys, boolean withValues, long now, KvMutation<T> mutation) {
        return mutator.mutate(db, databases.resolve(db), keys, withValues, now, mutation);
    }

    @Override
    public KvPage scan(int db, long cursor, int count, long now) {
        return reader.scan(db, databases.resolve(db), cursor, count, now);
    }

    @Override
    public byte[] randomKey(int db, long now) {
        return reader.randomKey(db, databases.resolve(db), now, ThreadLocalRandom.current().nextLong());
    }

    @Override
    public KvCounts count(int db, long now) {
        return reader.count(db, databases.resolve(db), now);
    }

    @Override
    public void flush(int db) {
        writer.flush(db, databases.resolve(db));
    }

    @Override
    public void close() {
        values.close();
    }
}
