package io.pgvs3.store.api;

import java.util.List;

/**
 * The operations on string values of the RESP bridge, one cache namespace per logical database ({@code 0} to
 * {@link #DATABASES}{@code - 1}). Keys and values are binary. Every write commits before the call
 * returns. Expiry is decided against {@code now}, the caller's clock in epoch milliseconds, so one
 * pipelined batch sees one instant; the expiry timer removes what expired later, by the database clock.
 */
public interface KvOperations {

    int DATABASES = 16;

    /** The entries of {@code keys} with their values, null where absent or expired; one query for the lot. */
    List<KvEntry> get(int db, List<byte[]> keys, long now);

    /**
     * Like {@link #get}, for the longest prefix of {@code keys} (at least the first key) whose values hold at
     * most {@code maxBytes} together: a long pipeline's reads in bounded memory. Ask again for the rest.
     */
    List<KvEntry> getWithin(int db, List<byte[]> keys, long now, long maxBytes);

    /** Like {@link #get} but without the values (size and expiry only). */
    List<KvEntry> peek(int db, List<byte[]> keys, long now);

    /** Blind writes in one multi-row upsert and one commit; a key given twice keeps its last value. */
    void put(int db, List<KvPut> puts);

    /** Deletes the keys; returns how many of them were live. */
    int delete(int db, List<byte[]> keys, long now);

    /**
     * Read-modify-write of {@code keys} as one transaction that holds their rows locked, so concurrent
     * mutations of a key, on any gateway, apply one after the other. The mutation may run more than
     * once (a concurrent first insert of a key retries it) and must have no other effects.
     */
    <T> T mutate(int db, List<byte[]> keys, boolean withValues, long now, KvMutation<T> mutation);

    /** One page of live keys from {@code cursor} (0 = the start); the page's cursor is 0 at the end. */
    KvPage scan(int db, long cursor, int count, long now);

    /** A random live key, or null when the database is empty. */
    byte[] randomKey(int db, long now);

    /** Live keys and how many of them carry an expiry. */
    KvCounts count(int db, long now);

    /** Deletes every key of the database. */
    void flush(int db);
}
