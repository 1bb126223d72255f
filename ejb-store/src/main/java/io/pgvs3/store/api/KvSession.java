package io.pgvs3.store.api;

/**
 * {@link KvOperations} for one thread, opened by {@link KvStore#openSession}: not thread-safe (it holds a
 * codec), never shared. Closing it frees its codec.
 */
public interface KvSession extends KvOperations, AutoCloseable {

    @Override
    void close();
}
