package io.pgvs3.resp.command;

import io.pgvs3.store.api.KvStore;

/**
 * What commands may use besides their session: the store, the listener's view, the table, the credentials,
 * and the longest string a command may build (Redis' proto-max-bulk-len: APPEND, SETRANGE).
 */
public record Services(KvStore kv, Gateway gateway, CommandTable table, Credentials credentials, long maxString) {
}
