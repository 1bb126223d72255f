package io.pgvs3.resp.command.family;

import io.pgvs3.resp.command.CommandTable;
import io.pgvs3.resp.command.Request;
import io.pgvs3.resp.error.RespErrors;
import io.pgvs3.resp.protocol.Reply;
import io.pgvs3.store.api.KvChanges;
import io.pgvs3.store.api.KvEntry;
import io.pgvs3.store.api.KvStore;
import java.util.Arrays;
import java.util.List;

/** DEL, EXISTS, TYPE, RENAME, COPY, RANDOMKEY: commands about keys rather than their values. */
public final class KeyCommands {

    private KeyCommands() {
    }

    public static void register(CommandTable t) {
        t.add("del", -2, "write", 1, -1, 1, "@keyspace @write @slow", KeyCommands::del);
        t.add("unlink", -2, "write fast", 1, -1, 1, "@keyspace @write @fast", KeyCommands::del);
        t.add("exists", -2, "readonly fast", 1, -1, 1, "@keyspace @read @fast", KeyCommands::exists);
        t.add("type", 2, "readonly fast", 1, 1, 1, "@keyspace @read @fast", KeyCommands::type);
        t.add("rename", 3, "write", 1, 2, 1, "@keyspace @write @slow", (r, out) -> rename(r, out, false));
        t.add("renamenx", 3, "write fast", 1, 2, 1, "@keyspace @write @fast", (r, out) -> rename(r, out, true));
        t.add("copy", -3, "write denyoom", 1, 2, 1, "@keyspace @write @slow", KeyCommands::copy);
        t.add("randomkey", 1, "readonly", 0, 0, 0, "@keyspace @read @slow", KeyCommands::randomkey);
    }

    private static void del(Request r, Reply out) {
        out.integer(r.kv().delete(r.db(), r.args(1), r.now()));
    }

    /** A key named twice counts twice, as in Redis. */
    private static void exists(Request r, Reply out) {
        out.integer(r.kv().peek(r.db(), r.args(1), r.now()).stream().filter(e -> e != null).count());
    }

    private static void type(Request r, Reply out) {
        out.status(Values.peek(r, r.arg(1)) == null ? "none" : "string");
    }

    /** The value moves with its expiry; the target's old value, if any, goes. */
    private static void rename(Request r, Reply out, boolean nx) {
        byte[] from = r.arg(1);
        byte[] to = r.arg(2);
        boolean same = Arrays.equals(from, to);
        Boolean renamed = Values.mutate(r, List.of(from, to), !same, (current, changes) -> {
            KvEntry source = current.get(0);
            if (source == null) {
                throw RespErrors.error(RespErrors.NO_SUCH_KEY);
            }
            if (same || (nx && current.get(1) != null)) {
                return same && !nx;
            }
            changes.put(to, source.value(), source.expiresAt());
            changes.delete(from);
            return true;
        });
        if (nx) {
            out.integer(renamed ? 1 : 0);
        } else {
            out.ok();
        }
    }

    /** COPY source destination [DB db] [REPLACE]; to another database it reads first, then writes. */
    private static void copy(Request r, Reply out) {
        boolean replace = false;
        int target = r.db();
        for (int j = 3; j < r.argc(); j++) {
            if (r.is(j, "replace")) {
                replace = true;
            } else if (r.is(j, "db") && j + 1 < r.argc()) {
                long db = r.integer(++j);
                if (db < 0 || db >= KvStore.DATABASES) {
                    throw RespErrors.error(RespErrors.DB_RANGE);
                }
                target = (int) db;
            } else {
                throw RespErrors.error(RespErrors.SYNTAX);
            }
        }
        byte[] from = r.arg(1);
        byte[] to = r.arg(2);
        if (target == r.db() && Arrays.equals(from, to)) {
            throw RespErrors.error(RespErrors.SAME_OBJECT);
        }
        boolean overwrite = replace;
        boolean copied;
        if (target == r.db()) {
            copied = Values.mutate(r, List.of(from, to), true, (current, changes) ->
                    copyInto(current.get(0), current.get(1), to, overwrite, changes));
        } else {
            KvEntry source = Values.get(r, from);
            copied = source != null && r.kv().mutate(target, List.of(to), false, r.now(), (current, changes) ->
                    copyInto(source, current.get(0), to, overwrite, changes));
        }
        out.integer(copied ? 1 : 0);
    }

    private static boolean copyInto(KvEntry source, KvEntry existing, byte[] to, boolean replace,
                                    KvChanges changes) {
        if (source == null || (existing != null && !replace)) {
            return false;
        }
        changes.put(to, source.value(), source.expiresAt());
        return true;
    }

    private static void randomkey(Request r, Reply out) {
        out.bulk(r.kv().randomKey(r.db(), r.now()));
    }
}
