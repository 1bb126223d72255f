package io.pgvs3.store.api;

import java.util.ArrayList;
import java.util.List;

/** The writes a {@link KvMutation} decided on, in order. */
public final class KvChanges {

    /** What happens to one key: a new value, bytes written into its value, a new expiry only, or removal. */
    public sealed interface Change permits Put, Splice, Expire, Delete {
        byte[] key();
    }

    public record Put(byte[] key, byte[] value, long expiresAt) implements Change {
    }

    /**
     * Writes {@code bytes} at {@code offset} of the value, which grows to at least {@code offset + bytes.length}
     * (zeros fill a gap) and keeps its expiry; an absent key becomes the zeros and the bytes, persistent.
     * Only the stored pieces that change are written (APPEND, SETRANGE). A key's only change in a mutation.
     */
    public record Splice(byte[] key, long offset, byte[] bytes) implements Change {
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

    public void splice(byte[] key, long offset, byte[] bytes) {
        changes.add(new Splice(key, offset, bytes));
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
