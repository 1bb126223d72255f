package io.pgvs3.resp.command;

import io.pgvs3.resp.protocol.Reply;
import io.pgvs3.store.api.KvEntry;

/** A stored value as a bulk reply: written (inflated, if the store kept it compressed) straight into the reply. */
public final class ValueReply {

    private ValueReply() {
    }

    /** {@code entry}'s value as a bulk reply; a null bulk for no entry. */
    public static void bulk(Reply reply, KvEntry entry) {
        if (entry == null) {
            reply.nullBulk();
        } else if (entry.size() > Reply.SPILL_BYTES) {
            reply.bulk(entry.value()); // goes to the socket as it is
        } else {
            reply.bulk((int) entry.size(), entry::copyValueTo);
        }
    }
}
