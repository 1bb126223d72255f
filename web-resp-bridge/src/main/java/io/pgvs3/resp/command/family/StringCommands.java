package io.pgvs3.resp.command.family;

import io.pgvs3.resp.command.CommandTable;
import io.pgvs3.resp.command.Request;
import io.pgvs3.resp.command.ValueReply;
import io.pgvs3.resp.command.SetOptions;
import io.pgvs3.resp.error.RespErrors;
import io.pgvs3.resp.protocol.Reply;
import io.pgvs3.store.api.KvEntry;
import io.pgvs3.store.api.KvPut;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** GET, SET and the other string commands. */
public final class StringCommands {

    private StringCommands() {
    }

    public static void register(CommandTable t) {
        t.add("get", 2, "readonly fast", 1, 1, 1, "@read @string @fast", StringCommands::get);
        t.add("mget", -2, "readonly fast", 1, -1, 1, "@read @string @fast", StringCommands::mget);
        t.add("set", -3, "write denyoom", 1, 1, 1, "@write @string @slow", StringCommands::set);
        t.add("setnx", 3, "write denyoom fast", 1, 1, 1, "@write @string @fast", StringCommands::setnx);
        t.add("setex", 4, "write denyoom", 1, 1, 1, "@write @string @slow", (r, out) -> timedSet(r, out, SetOptions.Unit.EX));
        t.add("psetex", 4, "write denyoom", 1, 1, 1, "@write @string @slow", (r, out) -> timedSet(r, out, SetOptions.Unit.PX));
        t.add("mset", -3, "write denyoom", 1, -1, 2, "@write @string @slow", StringCommands::mset);
        t.add("msetnx", -3, "write denyoom", 1, -1, 2, "@write @string @slow", StringCommands::msetnx);
        t.add("getset", 3, "write denyoom fast", 1, 1, 1, "@write @string @fast", StringCommands::getset);
        t.add("getdel", 2, "write fast", 1, 1, 1, "@write @string @fast", StringCommands::getdel);
        t.add("getex", -2, "write fast", 1, 1, 1, "@write @string @fast", StringCommands::getex);
        t.add("append", 3, "write denyoom fast", 1, 1, 1, "@write @string @fast", StringCommands::append);
        t.add("strlen", 2, "readonly fast", 1, 1, 1, "@read @string @fast", StringCommands::strlen);
        t.add("getrange", 4, "readonly", 1, 1, 1, "@read @string @slow", StringCommands::getrange);
        t.add("substr", 4, "readonly", 1, 1, 1, "@read @string @slow", StringCommands::getrange);
        t.add("setrange", 4, "write denyoom", 1, 1, 1, "@write @string @slow", StringCommands::setrange);
    }

    private static void get(Request r, Reply out) {
        ValueReply.bulk(out, Values.get(r, r.arg(1)));
    }

    private static void mget(Request r, Reply out) {
        List<KvEntry> entries = r.kv().get(r.db(), r.args(1), r.now());
        out.array(entries.size());
        for (KvEntry e : entries) {
            ValueReply.bulk(out, e);
        }
    }

    private static void set(Request r, Reply out) {
        SetOptions o = SetOptions.parse(r.argv(), true);
        long expiresAt = o.timed() ? o.expiresAt(r.now(), r.command()) : KvEntry.PERSISTENT;
        byte[] key = r.arg(1);
        byte[] value = r.arg(2);
        if (o.blind()) {
            r.kv().put(r.db(), List.of(new KvPut(key, value, expiresAt)));
            out.ok();
            return;
        }
        // the old entry decides (NX/XX), is returned (GET) or lends its expiry (KEEPTTL)
        Object[] result = Values.mutate(r, List.of(key), o.get(), (current, changes) -> {
            KvEntry old = current.get(0);
            if ((o.nx() && old != null) || (o.xx() && old == null)) {
                return new Object[] {false, old};
            }
            changes.put(key, value, o.keepTtl() ? Values.keptExpiry(old) : expiresAt);
            return new Object[] {true, old};
        });
        KvEntry old = (KvEntry) result[1];
        if (o.get()) {
            out.bulk(old == null ? null : old.value());
        } else if ((Boolean) result[0]) {
            out.ok();
        } else {
            out.nullBulk();
        }
    }

    private static void setnx(Request r, Reply out) {
        byte[] key = r.arg(1);
        byte[] value = r.arg(2);
        boolean set = Values.mutate(r, List.of(key), false, (current, changes) -> {
            if (current.get(0) != null) {
                return false;
            }
            changes.put(key, value, KvEntry.PERSISTENT);
            return true;
        });
        out.integer(set ? 1 : 0);
    }

    private static void timedSet(Request r, Reply out, SetOptions.Unit unit) {
        long expiresAt = SetOptions.expiresAt(r.arg(2), unit, r.now(), r.command());
        r.kv().put(r.db(), List.of(new KvPut(r.arg(1), r.arg(3), expiresAt)));
        out.ok();
    }

    private static void mset(Request r, Reply out) {
        if (r.argc() % 2 == 0) {
            throw RespErrors.wrongArity(r.command());
        }
        List<KvPut> puts = new ArrayList<>();
        for (int i = 1; i < r.argc(); i += 2) {
            puts.add(new KvPut(r.arg(i), r.arg(i + 1), KvEntry.PERSISTENT));
        }
        r.kv().put(r.db(), puts);
        out.ok();
    }

    private static void msetnx(Request r, Reply out) {
        if (r.argc() % 2 == 0) {
            throw RespErrors.wrongArity(r.command());
        }
        List<byte[]> keys = new ArrayList<>();
        for (int i = 1; i < r.argc(); i += 2) {
            keys.add(r.arg(i));
        }
        boolean set = Values.mutate(r, keys, false, (current, changes) -> {
            if (current.stream().anyMatch(e -> e != null)) {
                return false;
            }
            for (int i = 1; i < r.argc(); i += 2) {
                changes.put(r.arg(i), r.arg(i + 1), KvEntry.PERSISTENT);
            }
            return true;
        });
        out.integer(set ? 1 : 0);
    }

    private static void getset(Request r, Reply out) {
        byte[] key = r.arg(1);
        KvEntry old = Values.mutate(r, List.of(key), true, (current, changes) -> {
            changes.put(key, r.arg(2), KvEntry.PERSISTENT);
            return current.get(0);
        });
        out.bulk(old == null ? null : old.value());
    }

    private static void getdel(Request r, Reply out) {
        byte[] key = r.arg(1);
        KvEntry old = Values.mutate(r, List.of(key), true, (current, changes) -> {
            if (current.get(0) != null) {
                changes.delete(key);
            }
            return current.get(0);
        });
        out.bulk(old == null ? null : old.value());
    }

    private static void getex(Request r, Reply out) {
        SetOptions o = SetOptions.parse(r.argv(), false);
        byte[] key = r.arg(1);
        KvEntry old = Values.mutate(r, List.of(key), true, (current, changes) -> {
            KvEntry e = current.get(0);
            if (e == null) {
                return null;
            }
            if (o.timed()) {
                long at = o.expiresAt(r.now(), r.command());
                if (at <= r.now()) {
                    changes.delete(key);
                } else {
                    changes.expire(key, at);
                }
            } else if (o.persist() && !e.persistent()) {
                changes.expire(key, KvEntry.PERSISTENT);
            }
            return e;
        });
        out.bulk(old == null ? null : old.value());
    }

    private static void append(Request r, Reply out) {
        byte[] key = r.arg(1);
        byte[] tail = r.arg(2);
        long length = Values.mutate(r, List.of(key), false, (current, changes) -> {
            KvEntry e = current.get(0);
            long head = e == null ? 0 : e.size();
            if (head + tail.length > r.services().maxString()) {
                throw RespErrors.error(RespErrors.TOO_LARGE);
            }
            changes.splice(key, head, tail);
            return head + tail.length;
        });
        out.integer(length);
    }

    private static void strlen(Request r, Reply out) {
        KvEntry e = Values.peek(r, r.arg(1));
        out.integer(e == null ? 0 : e.size());
    }

    /** Redis' getrangeCommand, including its clamping of negative and oversized offsets. */
    private static void getrange(Request r, Reply out) {
        long start = r.integer(2);
        long end = r.integer(3);
        KvEntry e = Values.get(r, r.arg(1));
        byte[] s = e == null ? new byte[0] : e.value();
        long len = s.length;
        if (start < 0 && end < 0 && start > end) {
            out.bulk(new byte[0]);
            return;
        }
        if (start < 0) {
            start = len + start;
        }
        if (end < 0) {
            end = len + end;
        }
        start = Math.max(start, 0);
        end = Math.max(end, 0);
        if (end >= len) {
            end = len - 1;
        }
        out.bulk(start > end || len == 0 ? new byte[0] : Arrays.copyOfRange(s, (int) start, (int) end + 1));
    }

    private static void setrange(Request r, Reply out) {
        long offset = r.integer(2);
        if (offset < 0) {
            throw RespErrors.error(RespErrors.OFFSET_RANGE);
        }
        byte[] key = r.arg(1);
        byte[] patch = r.arg(3);
        long length = Values.mutate(r, List.of(key), false, (current, changes) -> {
            KvEntry e = current.get(0);
            long size = e == null ? 0 : e.size();
            if (patch.length == 0) {
                return size; // nothing to write; a missing key stays missing
            }
            if (offset + patch.length > r.services().maxString()) {
                throw RespErrors.error(RespErrors.TOO_LARGE);
            }
            changes.splice(key, offset, patch);
            return Math.max(size, offset + patch.length);
        });
        out.integer(length);
    }
}
