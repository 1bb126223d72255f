package io.pgvs3.resp.command;

import io.pgvs3.store.api.Coalescer;
import io.pgvs3.store.api.KvOperations;
import io.pgvs3.store.api.KvPut;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Group commit across connections: at most {@code maxInFlight} transactions of blind writes run at once
 * (each led by one of the writers); writes that arrive while all are busy wait, and the next free leader
 * stores all of them in one upsert and one commit per database ({@link Coalescer}). Each caller returns only
 * once its own writes are committed, so a reply still means committed; writes of different connections are
 * concurrent anyway, so any order among them is one Redis could have chosen. (One leader alone was slower:
 * it serialized every write behind one commit.)
 */
final class GroupCommit {

    /** One caller's writes. */
    private static final class Pending extends Coalescer.Call {
        final int db;
        final List<KvPut> puts;

        Pending(int db, List<KvPut> puts) {
            this.db = db;
            this.puts = puts;
        }
    }

    /** The store as the leading thread's session. */
    private final Supplier<KvOperations> kv;
    private final Coalescer<Pending> group;

    GroupCommit(Supplier<KvOperations> kv, int maxInFlight) {
        this.kv = kv;
        this.group = new Coalescer<>(maxInFlight, this::store, "a group commit");
    }

    /** Stores the writes, alone or with others'; returns once they are committed. */
    void put(int db, List<KvPut> puts) {
        group.submit(new Pending(db, puts));
    }

    /** Callers waiting for the next leader (tests). */
    int queued() {
        return group.queued();
    }

    /** One store call per database; a failure is every member's of that database. */
    private void store(List<Pending> members) {
        for (Map.Entry<Integer, List<Pending>> entry : Coalescer.by(members, p -> p.db).entrySet()) {
            List<KvPut> all = new ArrayList<>();
            entry.getValue().forEach(p -> all.addAll(p.puts));
            Coalescer.call("write", () -> {
                kv.get().put(entry.getKey(), all);
                return Boolean.TRUE;
            }, e -> entry.getValue().forEach(p -> p.fail(e)));
        }
    }
}
