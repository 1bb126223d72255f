package io.pgvs3.store.access;

/** Which of the gateway's two pools a piece of work runs on. */
public enum Pool {
    /** Metadata: short statements and transactions, inline bodies. */
    MAIN,
    /** Bytes: COPY of chunk rows in and out, which may run long. */
    CHUNK
}
