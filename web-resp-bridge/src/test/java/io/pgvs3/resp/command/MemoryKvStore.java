package io.pgvs3.resp.command;

import io.pgvs3.store.api.HeldSession;
import io.pgvs3.store.api.KvChanges;
import io.pgvs3.store.api.KvCounts;
import io.pgvs3.store.api.KvEntry;
import io.pgvs3.store.api.KvMutation;
import io.pgvs3.store.api.KvPage;
import io.pgvs3.store.api.KvPut;
import io.pgvs3.store.api.KvSession;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A store session in a map, counting the calls of each kind (to see what the pipeline runner coalesced). */
final class MemoryKvStore implements KvSession {

    final Map<String, Integer> calls = new HashMap<>();
    private final Map<ByteBuffer, KvEntry> values = new HashMap<>();

    private void count(String call) {
        calls.merge(call, 1, Integer::sum);
    }

    private KvEntry live(byte[] key, long now, boolean withValue) {
        KvEntry e = values.get(ByteBuffer.wrap(key));
        if (e == null || (!e.persistent() && e.expiresAt() < now)) {
            return null;
        }
        return withValue ? e : new KvEntry(null, e.size(), e.expiresAt());
    }

    @Override
    public List<KvEntry> get(int db, List<byte[]> keys, long now) {
        count("get");
        return keys.stream().map(k -> live(k, now, true)).toList();
    }

    @Override
    public List<KvEntry> getWithin(int db, List<byte[]> keys, long now, long maxBytes) {
        count("get");
        List<KvEntry> out = new ArrayList<>();
        long total = 0;
        for (byte[] key : keys) {
            KvEntry e = live(key, now, true);
            long size = e == null ? 0 : e.size();
            if (!out.isEmpty() && total + size > maxBytes) {
                break;
            }
            total += size;
            out.add(e);
        }
        return out;
    }

    @Override
    public List<KvEntry> peek(int db, List<byte[]> keys, long now) {
        count("peek");
        List<KvEntry> out = new ArrayList<>();
        keys.forEach(k -> out.add(live(k, now, false)));
        return out;
    }

    @Override
    public void put(int db, List<KvPut> puts) {
        count("put");
        puts.forEach(p -> values.put(ByteBuffer.wrap(p.key()), new KvEntry(p.value(), p.value().length, p.expiresAt())));
    }

    @Override
    public int delete(int db, List<byte[]> keys, long now) {
        count("delete");
        int n = 0;
        for (byte[] k : keys) {
            n += live(k, now, false) != null ? 1 : 0;
            values.remove(ByteBuffer.wrap(k));
        }
        return n;
    }

    @Override
    public <T> T mutate(int db, List<byte[]> keys, boolean withValues, long now, KvMutation<T> mutation) {
        count("mutate");
        List<KvEntry> current = new ArrayList<>();
        keys.forEach(k -> current.add(live(k, now, withValues)));
        KvChanges changes = new KvChanges();
        T result = mutation.apply(current, changes);
        for (KvChanges.Change c : changes.list()) {
            ByteBuffer key = ByteBuffer.wrap(c.key());
            if (c instanceof KvChanges.Put p) {
                values.put(key, new KvEntry(p.value(), p.value().length, p.expiresAt()));
            } else if (c instanceof KvChanges.Splice sp) {
                KvEntry old = live(c.key(), now, true);
                byte[] head = old == null ? new byte[0] : old.value();
                byte[] v = Arrays.copyOf(head, (int) Math.max(head.length, sp.offset() + sp.bytes().length));
                System.arraycopy(sp.bytes(), 0, v, (int) sp.offset(), sp.bytes().length);
                values.put(key, new KvEntry(v, v.length, old == null ? KvEntry.PERSISTENT : old.expiresAt()));
            } else if (c instanceof KvChanges.Expire e) {
                KvEntry old = values.get(key);
                values.put(key, new KvEntry(old.value(), old.size(), e.expiresAt()));
            } else {
                values.remove(key);
            }
        }
        return result;
    }

    @Override
    public KvPage scan(int db, long cursor, int count, long now) {
        count("scan");
        return new KvPage(values.keySet().stream().map(ByteBuffer::array).toList(), 0);
    }

    @Override
    public byte[] randomKey(int db, long now) {
        return values.isEmpty() ? null : values.keySet().iterator().next().array();
    }

    @Override
    public KvCounts count(int db, long now) {
        return new KvCounts(values.size(), 0);
    }

    @Override
    public void flush(int db) {
        values.clear();
    }

    /** One map, no PostgreSQL session to run on. */
    @Override
    public void runOn(HeldSession held) {
    }

    @Override
    public void close() {
    }
}
