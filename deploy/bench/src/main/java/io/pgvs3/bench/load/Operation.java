package io.pgvs3.bench.load;

/**
 * One worker's way of doing the measured thing, with its own connection. Not shared between threads.
 */
public interface Operation extends AutoCloseable {
    /**
     * Untimed work before the next timed call, such as putting back the keys the last DeleteObjects
     * removed. Most operations need none.
     */
    default void prepare() throws Exception {
    }

    /** One timed call; reports into {@code outcome}. An exception counts as an I/O error. */
    void call(Outcome outcome) throws Exception;

    /** Connections this operation opened; more than one per worker means keep-alive was lost. */
    long connects();

    @Override
    void close();

    /** Opens one worker's operation. */
    @FunctionalInterface
    interface Factory {
        Operation open(int worker) throws Exception;
    }
}
