package io.pgvs3.store.kv;

import io.pgvs3.store.api.KvCounts;
import io.pgvs3.store.api.KvEntry;
import io.pgvs3.store.api.KvMutation;
import io.pgvs3.store.api.KvPage;
import io.pgvs3.store.api.KvPut;
import io.pgvs3.store.api.KvStore;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.write.CopyWatchdog;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import javax.sql.DataSource;

/**
 * {@link KvStore} over the reader, writer and mutator of one set of databases. Not thread-safe (its
 * codec): the bean holds one per bean instance, and the container never shares an instance.
 */
public final class KvService implements KvStore, AutoCloseable {

    private final KvDatabases databases;
    private final KvValues values;
    private final KvReader reader;
    private final KvWriter writer;
    private final KvMutator mutator;

    public KvService(DataSource main, CopyWatchdog watchdog) {
        values = new KvValues(watchdog);
        databases = new KvDatabases(main);
        reader = new KvReader(main, values);
        writer = new KvWriter(main, values);
        mutator = new KvMutator(main, values);
    }

    @Override
    public List<KvEntry> get(int db, List<byte[]> keys, long now) {
        return read(db, keys, now, true);
    }

    @Override
    public List<KvEntry> peek(int db, List<byte[]> keys, long now) {
        return read(db, keys, now, false);
    }

    private List<KvEntry> read(int db, List<byte[]> keys, long now, boolean withValues) {
        Optional<Namespace> ns = databases.existing(db);
        return ns.isPresent() ? reader.get(db, ns.get(), keys, now, withValues) : Collections.nCopies(keys.size(), null);
    }

    @Override
    public void put(int db, List<KvPut> puts) {
        writer.put(db, databases.resolve(db), puts);
    }

    @Override
    public int delete(int db, List<byte[]> keys, long now) {
        return databases.existing(db).map(ns -> writer.delete(db, ns, keys, now)).orElse(0);
    }

    @Override
    public <T> T mutate(int db, List<byte[]> keys, boolean withValues, long now, KvMutation<T> mutation) {
        return mutator.mutate(db, databases.resolve(db), keys, withValues, now, mutation);
    }

    @Override
    public KvPage scan(int db, long cursor, int count, long now) {
        return databases.existing(db).map(ns -> reader.scan(db, ns, cursor, count, now))
                .orElse(new KvPage(List.of(), 0));
    }

    @Override
    public byte[] randomKey(int db, long now) {
        return databases.existing(db)
                .map(ns -> reader.randomKey(db, ns, now, ThreadLocalRandom.current().nextLong())).orElse(null);
    }

    @Override
    public KvCounts count(int db, long now) {
        return databases.existing(db).map(ns -> reader.count(db, ns, now)).orElse(new KvCounts(0, 0));
    }

    @Override
    public void flush(int db) {
        databases.existing(db).ifPresent(ns -> writer.flush(db, ns));
    }

    @Override
    public void close() {
        values.close();
    }
}
