package io.pgvs3.resp.command.family;

import io.pgvs3.resp.command.Request;
import io.pgvs3.resp.error.RespException;
import io.pgvs3.store.api.KvEntry;
import io.pgvs3.store.api.KvMutation;
import java.util.List;

/** Small helpers the families share: one key's entry, mutations that may answer an error, kept expiries. */
final class Values {

    private Values() {
    }

    static KvEntry get(Request r, byte[] key) {
        return r.kv().get(r.db(), List.of(key), r.now()).get(0);
    }

    static KvEntry peek(Request r, byte[] key) {
        return r.kv().peek(r.db(), List.of(key), r.now()).get(0);
    }

    /**
     * {@link io.pgvs3.store.api.KvStore#mutate} for a mutation that may throw a {@link RespException}
     * (before recording any change). The exception must not cross the EJB boundary, where the container
     * would take it for a system failure, so it travels back as the result and is thrown here.
     */
    @SuppressWarnings("unchecked")
    static <T> T mutate(Request r, List<byte[]> keys, boolean withValues, KvMutation<T> mutation) {
        Object result = r.kv().mutate(r.db(), keys, withValues, r.now(), (current, changes) -> {
            try {
                return mutation.apply(current, changes);
            } catch (RespException e) {
                return e;
            }
        });
        if (result instanceof RespException e) {
            throw e;
        }
        return (T) result;
    }

    /** The expiry a rewritten value keeps (APPEND, SETRANGE, INCR keep the TTL; new keys have none). */
    static long keptExpiry(KvEntry entry) {
        return entry == null ? KvEntry.PERSISTENT : entry.expiresAt();
    }
}
