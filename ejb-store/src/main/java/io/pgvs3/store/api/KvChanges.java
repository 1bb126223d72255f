package io.pgvs3.store.api;

import java.util.ArrayList;
import java.util.List;

/** The writes a {@link KvMutation} decided on, in order. */
public final class KvChanges {

    /** What happens to one key: a new value, a new expiry only, or removal. */
    public sealed interface Change permits Put, Expire, Delete {
        byte[] key();
    }

    public record Put(byte[] key, byte[] value, long expiresAt) implements Change {
    }

    /** Keeps the value and sets its expiry ({@link KvEntry#PERSISTENT} removes it). */
    public record Expire(byte[] key, long expiresAt) implements Change {
    }

    public record Delete(byte[] key) implements Change {
    }

    private final List<Change> changes = new ArrayList<>();

    public void put(byte[] key, byte[] value, long expiresAt) {
        changes.add(new Put(key, value, expiresAt));
    }

    public void expire(byte[] key, long expiresAt) {
        changes.add(new Expire(key, expiresAt));
    }

    public void delete(byte[] key) {
        changes.add(new Delete(key));
    }

    public List<Change> list() {
        return List.copyOf(changes);
    }
}
