package io.pgvs3.resp.command.family;

import io.pgvs3.resp.command.CommandTable;
import io.pgvs3.resp.command.Request;
import io.pgvs3.resp.error.RespErrors;
import io.pgvs3.resp.protocol.Reply;
import io.pgvs3.store.api.KvEntry;
import java.util.List;

/** EXPIRE and its variants, TTL and its variants, PERSIST — Redis' expireGenericCommand and ttlGenericCommand. */
public final class ExpiryCommands {

    private ExpiryCommands() {
    }

    public static void register(CommandTable t) {
        String flags = "write fast";
        String cats = "@keyspace @write @fast";
        t.add("expire", -3, flags, 1, 1, 1, cats, (r, out) -> expire(r, out, true, true));
        t.add("pexpire", -3, flags, 1, 1, 1, cats, (r, out) -> expire(r, out, true, false));
        t.add("expireat", -3, flags, 1, 1, 1, cats, (r, out) -> expire(r, out, false, true));
        t.add("pexpireat", -3, flags, 1, 1, 1, cats, (r, out) -> expire(r, out, false, false));
        t.add("persist", 2, flags, 1, 1, 1, cats, ExpiryCommands::persist);
        String read = "@keyspace @read @fast";
        t.add("ttl", 2, "readonly fast", 1, 1, 1, read, (r, out) -> ttl(r, out, false, false));
        t.add("pttl", 2, "readonly fast", 1, 1, 1, read, (r, out) -> ttl(r, out, true, false));
        t.add("expiretime", 2, "readonly fast", 1, 1, 1, read, (r, out) -> ttl(r, out, false, true));
        t.add("pexpiretime", 2, "readonly fast", 1, 1, 1, read, (r, out) -> ttl(r, out, true, true));
    }

    private static void expire(Request r, Reply out, boolean relative, boolean seconds) {
        boolean nx = false, xx = false, gt = false, lt = false;
        for (int j = 3; j < r.argc(); j++) {
            if (r.is(j, "nx")) {
                nx = true;
            } else if (r.is(j, "xx")) {
                xx = true;
            } else if (r.is(j, "gt")) {
                gt = true;
            } else if (r.is(j, "lt")) {
                lt = true;
            } else {
                throw RespErrors.unsupportedOption(r.arg(j));
            }
        }
        if (nx && (xx || gt || lt)) {
            throw RespErrors.error(RespErrors.NX_AND_OTHERS);
        }
        if (gt && lt) {
            throw RespErrors.error(RespErrors.GT_AND_LT);
        }
        long when = r.integer(2);
        long base = relative ? r.now() : 0;
        if (seconds) {
            if (when > Long.MAX_VALUE / 1000 || when < Long.MIN_VALUE / 1000) {
                throw RespErrors.invalidExpire(r.command());
            }
            when *= 1000;
        }
        if (when > Long.MAX_VALUE - base) {
            throw RespErrors.invalidExpire(r.command());
        }
        long at = when + base;
        byte[] key = r.arg(1);
        boolean onlyNew = nx, onlyExisting = xx, greater = gt, less = lt;
        boolean set = Values.mutate(r, List.of(key), false, (current, changes) -> {
            KvEntry e = current.get(0);
            if (e == null) {
                return false;
            }
            long now = e.persistent() ? -1 : e.expiresAt();
            // a key without expiry counts as infinite: GT never passes, LT always does
            if ((onlyNew && now != -1) || (onlyExisting && now == -1)
                    || (greater && (now == -1 || at <= now)) || (less && now != -1 && at >= now)) {
                return false;
            }
            if (at <= r.now()) {
                changes.delete(key);
            } else {
                changes.expire(key, at);
            }
            return true;
        });
        out.integer(set ? 1 : 0);
    }

    private static void persist(Request r, Reply out) {
        byte[] key = r.arg(1);
        boolean removed = Values.mutate(r, List.of(key), false, (current, changes) -> {
            KvEntry e = current.get(0);
            if (e == null || e.persistent()) {
                return false;
            }
            changes.expire(key, KvEntry.PERSISTENT);
            return true;
        });
        out.integer(removed ? 1 : 0);
    }

    private static void ttl(Request r, Reply out, boolean millis, boolean absolute) {
        KvEntry e = Values.peek(r, r.arg(1));
        if (e == null) {
            out.integer(-2);
        } else if (e.persistent()) {
            out.integer(-1);
        } else {
            long ttl = Math.max(0, absolute ? e.expiresAt() : e.expiresAt() - r.now());
            out.integer(millis ? ttl : (ttl + 500) / 1000);
        }
    }
}
