package io.pgvs3.resp.command.family;

import io.pgvs3.resp.command.CommandTable;
import io.pgvs3.resp.command.Request;
import io.pgvs3.resp.command.Session;
import io.pgvs3.resp.error.RespErrors;
import io.pgvs3.resp.protocol.Reply;
import io.pgvs3.store.api.KvStore;

/** PING, ECHO, AUTH, HELLO, SELECT, QUIT, RESET and CLIENT: a connection's own state. */
public final class ConnectionCommands {

    /** The Redis version the bridge speaks like (clients pick features by it). */
    public static final String REDIS_VERSION = "7.0.15";

    private static final String CONNECTION = "@fast @connection";

    private ConnectionCommands() {
    }

    public static void register(CommandTable t) {
        t.add("ping", -1, "fast", 0, 0, 0, CONNECTION, ConnectionCommands::ping);
        t.add("echo", 2, "fast", 0, 0, 0, CONNECTION, (r, out) -> out.bulk(r.arg(1)));
        t.add("auth", -2, "noscript loading stale fast no_auth allow_busy", 0, 0, 0, CONNECTION,
                ConnectionCommands::auth);
        t.add("hello", -1, "noscript loading stale fast no_auth allow_busy", 0, 0, 0, CONNECTION,
                ConnectionCommands::hello);
        t.add("select", 2, "loading stale fast", 0, 0, 0, CONNECTION, ConnectionCommands::select);
        t.add("quit", -1, "noscript loading stale fast no_auth allow_busy", 0, 0, 0, CONNECTION, (r, out) -> {
            out.ok();
            r.session().close();
        });
        t.add("reset", 1, "noscript loading stale fast no_auth allow_busy", 0, 0, 0, CONNECTION, (r, out) -> {
            Session s = r.session();
            s.select(0);
            s.name("");
            s.authenticated(!r.services().credentials().required());
            out.status("RESET");
        });
        t.add("client", -2, "", 0, 0, 0, "@slow", new ClientCommand()::run);
    }

    private static void ping(Request r, Reply out) {
        if (r.argc() > 2) {
            throw RespErrors.wrongArity(r.command());
        }
        if (r.argc() == 1) {
            out.status("PONG");
        } else {
            out.bulk(r.arg(1));
        }
    }

    private static void auth(Request r, Reply out) {
        if (r.argc() > 3) {
            throw RespErrors.error(RespErrors.SYNTAX);
        }
        if (r.argc() == 2 && !r.services().credentials().required()) {
            throw RespErrors.error(RespErrors.NO_PASSWORD);
        }
        byte[] user = r.argc() == 3 ? r.arg(1) : null;
        authenticate(r, user, r.arg(r.argc() - 1));
        out.ok();
    }

    private static void authenticate(Request r, byte[] user, byte[] password) {
        if (!r.services().credentials().matches(user, password)) {
            throw RespErrors.error(RespErrors.WRONGPASS);
        }
        r.session().authenticated(true);
    }

    /** HELLO [protover [AUTH user pass] [SETNAME name]]; only RESP2 is spoken. */
    private static void hello(Request r, Reply out) {
        int next = 1;
        if (r.argc() >= 2) {
            long version = r.integer(next++, RespErrors.HELLO_VERSION);
            if (version != 2) {
                throw RespErrors.error(RespErrors.NOPROTO);
            }
        }
        byte[] user = null;
        byte[] password = null;
        byte[] name = null;
        for (int j = next; j < r.argc(); j++) {
            int more = r.argc() - 1 - j;
            if (r.is(j, "auth") && more >= 2) {
                user = r.arg(j + 1);
                password = r.arg(j + 2);
                j += 2;
            } else if (r.is(j, "setname") && more >= 1) {
                name = r.arg(++j);
                ClientCommand.checkName(name);
            } else {
                throw RespErrors.error("ERR Syntax error in HELLO option '" + RespErrors.latin1(r.arg(j)) + "'");
            }
        }
        if (password != null) {
            authenticate(r, user, password);
        }
        if (!r.session().authenticated()) {
            throw RespErrors.error(RespErrors.HELLO_NOAUTH);
        }
        if (name != null) {
            r.session().name(RespErrors.latin1(name));
        }
        out.array(14);
        out.bulk("server").bulk("redis");
        out.bulk("version").bulk(REDIS_VERSION);
        out.bulk("proto").integer(2);
        out.bulk("id").integer(r.session().id());
        out.bulk("mode").bulk("standalone");
        out.bulk("role").bulk("master");
        out.bulk("modules").array(0);
    }

    private static void select(Request r, Reply out) {
        long db = r.integer(1);
        if (db < 0 || db >= KvStore.DATABASES) {
            throw RespErrors.error(RespErrors.DB_RANGE);
        }
        r.session().select((int) db);
        out.ok();
    }
}
