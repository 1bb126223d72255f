package io.pgvs3.resp.command;

import io.pgvs3.store.api.KvOperations;

/**
 * What commands may use besides their session: the store (the calling thread's session of it), the listener's
 * view, the table, the credentials, and the longest string a command may build (Redis' proto-max-bulk-len:
 * APPEND, SETRANGE).
 */
public record Services(KvThreads stores, Gateway gateway, CommandTable table, Credentials credentials,
                       long maxString) {

    /** The store, as the calling thread's session. */
    public KvOperations kv() {
        return stores.current();
    }
}
