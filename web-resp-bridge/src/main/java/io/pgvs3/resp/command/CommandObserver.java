package io.pgvs3.resp.command;

/** Receives what the metrics count: each answered command and each batch's pipeline depth. */
public interface CommandObserver {

    /** @param status "ok" or the error code of the reply (ERR, WRONGTYPE, NOAUTH, ...) */
    void command(String name, String status, long nanos);

    void batch(int depth);
}
