package io.pgvs3.store.api;

/**
 * A main-pool PostgreSQL session that one client keeps between its calls ({@link KvStore#holdSession}), so
 * that a client sending one command at a time does not take a session from the pool and give it back for
 * each (docs/adr/0054). It is taken on its first use and kept until it is closed; a session that broke
 * is replaced on the next use. Closing it while a call runs on it gives it back once that call ended.
 * Thread-safe.
 */
public interface HeldSession extends AutoCloseable {

    @Override
    void close();
}
