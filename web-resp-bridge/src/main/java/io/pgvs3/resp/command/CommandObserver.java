package io.pgvs3.resp.command;

/** Receives what the metrics count: answered commands and each batch's pipeline depth. */
public interface CommandObserver {

    /**
     * {@code count} consecutive commands of one name answered alike in one batch; they share one latency,
     * so it is observed once.
     *
     * @param status "ok" or the error code of the reply (ERR, WRONGTYPE, NOAUTH, ...)
     */
    void commands(String name, String status, int count, long nanos);

    void batch(int depth);
}
