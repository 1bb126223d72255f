package io.pgvs3.store.kv;

import io.pgvs3.store.access.DataAccess;
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

/**
 * The operations of {@link KvStore} in plain Java: each logical database resolved to its namespace (a
 * read of a database no gateway created yet finds nothing rather than creating it), then the reader,
 * writer or mutator. {@code GatedKvSession} adds the layout gate and {@code KvStoreBean} what the container
 * owns (pooling); this class is what they delegate to and what the store tests drive. Not thread-safe (its
 * codec): a bean instance holds one, and so does each thread's session.
 */
public final class KvService implements AutoCloseable {

    private final KvDatabases databases;
    private final KvValues values;
    private final KvReader reader;
    private final KvWriter writer;
    private final KvMutator mutator;

    public KvService(DataAccess access, CopyWatchdog watchdog) {
        values = new KvValues(watchdog);
        databases = new KvDatabases(access);
        reader = new KvReader(access, values);
        writer = new KvWriter(access, values);
        mutator = new KvMutator(access, values);
    }

    public List<KvEntry> get(int db, List<byte[]> keys, long now) {
        return read(db, keys, now, true, Long.MAX_VALUE);
    }

    public List<KvEntry> getWithin(int db, List<byte[]> keys, long now, long maxBytes) {
        return read(db, keys, now, true, maxBytes);
    }

    public List<KvEntry> peek(int db, List<byte[]> keys, long now) {
        return read(db, keys, now, false, Long.MAX_VALUE);
    }

    private List<KvEntry> read(int db, List<byte[]> keys, long now, boolean withValues, long maxBytes) {
        Optional<Namespace> ns = databases.existing(db);
        return ns.isPresent() ? reader.get(db, ns.get(), keys, now, withValues, maxBytes)
                : Collections.nCopies(keys.size(), null);
    }

    public void put(int db, List<KvPut> puts) {
        writer.put(db, databases.resolve(db), puts);
    }

    public int delete(int db, List<byte[]> keys, long now) {
        return databases.existing(db).map(ns -> writer.delete(db, ns, keys, now)).orElse(0);
    }

    public <T> T mutate(int db, List<byte[]> keys, boolean withValues, long now, KvMutation<T> mutation) {
        return mutator.mutate(db, databases.resolve(db), keys, withValues, now, mutation);
    }

    public KvPage scan(int db, long cursor, int count, long now) {
        return databases.existing(db).map(ns -> reader.scan(db, ns, cursor, count, now))
                .orElse(new KvPage(List.of(), 0));
    }

    public byte[] randomKey(int db, long now) {
        return databases.existing(db)
                .map(ns -> reader.randomKey(db, ns, now, ThreadLocalRandom.current().nextLong())).orElse(null);
    }

    public KvCounts count(int db, long now) {
        return databases.existing(db).map(ns -> reader.count(db, ns, now)).orElse(new KvCounts(0, 0));
    }

    public void flush(int db) {
        databases.existing(db).ifPresent(ns -> writer.flush(db, ns));
    }

    public void close() {
        values.close();
    }
}
