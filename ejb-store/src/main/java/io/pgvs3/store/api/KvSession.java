package io.pgvs3.store.api;

/**
 * {@link KvOperations} for one thread, opened by {@link KvStore#openSession}: not thread-safe (it holds a
 * codec), never shared. Closing it frees its codec.
 */
public interface KvSession extends KvOperations, AutoCloseable {

    /**
     * The following calls run on {@code held}'s session (a call that needs a second session at once gets one
     * from the pool), until {@code runOn(null)} returns them to sessions from the pool, one per call.
     */
    void runOn(HeldSession held);

    @Override
    void close();
}
