package io.pgvs3.resp.command;

import io.pgvs3.resp.error.RespErrors;
import io.pgvs3.resp.error.RespException;
import io.pgvs3.resp.protocol.Reply;
import io.pgvs3.store.api.KvEntry;
import io.pgvs3.store.api.KvPut;
import io.pgvs3.store.api.error.StoreException;
import java.util.ArrayList;
import java.util.List;

/**
 * Answers one pipelined batch in order. A run of consecutive GET/MGET becomes one store read and a run
 * of consecutive blind SET/MSET one store write (one upsert, one commit) — the replies stay one per
 * command, in order, and are written only after that commit. Every other command runs alone. A command
 * is only coalesced when it would certainly succeed on its own (known, right arity, authenticated,
 * options valid), so errors come from the single path and read the same.
 */
public final class Dispatcher {

    private enum Kind { READ, WRITE, SINGLE }

    private final CommandTable table;
    private final Services services;
    private final CommandObserver observer;

    public Dispatcher(CommandTable table, Services services, CommandObserver observer) {
        this.table = table;
        this.services = services;
        this.observer = observer;
    }

    public void execute(Session session, List<byte[][]> commands, Reply reply) {
        observer.batch(commands.size());
        int i = 0;
        while (i < commands.size() && !session.closing()) {
            long started = System.nanoTime();
            long now = System.currentTimeMillis();
            Kind kind = kind(session, commands.get(i), now);
            int end = i + 1;
            if (kind != Kind.SINGLE) {
                while (end < commands.size() && kind(session, commands.get(end), now) == kind) {
                    end++;
                }
            }
            List<byte[][]> run = commands.subList(i, end);
            switch (kind) {
                case READ -> read(session, run, reply, started, now);
                case WRITE -> write(session, run, reply, started, now);
                default -> single(session, run.get(0), reply, started, now);
            }
            i = end;
        }
    }

    private Kind kind(Session session, byte[][] argv, long now) {
        if (!session.authenticated()) {
            return Kind.SINGLE;
        }
        CommandSpec spec = table.find(argv[0]);
        if (spec == null || !spec.arityMatches(argv.length)) {
            return Kind.SINGLE;
        }
        return switch (spec.name()) {
            case "get", "mget" -> Kind.READ;
            case "mset" -> argv.length % 2 == 1 ? Kind.WRITE : Kind.SINGLE;
            case "set" -> blindSet(argv, now) ? Kind.WRITE : Kind.SINGLE;
            default -> Kind.SINGLE;
        };
    }

    private static boolean blindSet(byte[][] argv, long now) {
        try {
            SetOptions options = SetOptions.parse(argv, true);
            if (options.timed()) {
                options.expiresAt(now, "set");
            }
            return options.blind();
        } catch (RespException e) {
            return false;
        }
    }

    private void read(Session session, List<byte[][]> run, Reply reply, long started, long now) {
        List<byte[]> keys = new ArrayList<>();
        for (byte[][] argv : run) {
            keys.addAll(List.of(argv).subList(1, argv.length));
        }
        List<KvEntry> entries;
        try {
            entries = services.kv().get(session.db(), keys, now);
        } catch (StoreException e) {
            failAll(session, run, reply, started, e);
            return;
        }
        int next = 0;
        for (byte[][] argv : run) {
            if (table.find(argv[0]).name().equals("mget")) {
                reply.array(argv.length - 1);
            }
            for (int k = 1; k < argv.length; k++) {
                KvEntry entry = entries.get(next++);
                reply.bulk(entry == null ? null : entry.value());
            }
            done(session, argv, "ok", started);
        }
    }

    private void write(Session session, List<byte[][]> run, Reply reply, long started, long now) {
        List<KvPut> puts = new ArrayList<>();
        for (byte[][] argv : run) {
            if (table.find(argv[0]).name().equals("set")) {
                SetOptions options = SetOptions.parse(argv, true);
                long expiresAt = options.timed() ? options.expiresAt(now, "set") : KvEntry.PERSISTENT;
                puts.add(new KvPut(argv[1], argv[2], expiresAt));
            } else {
                for (int k = 1; k < argv.length; k += 2) {
                    puts.add(new KvPut(argv[k], argv[k + 1], KvEntry.PERSISTENT));
                }
            }
        }
        try {
            services.kv().put(session.db(), puts);
        } catch (StoreException e) {
            failAll(session, run, reply, started, e);
            return;
        }
        for (byte[][] argv : run) {
            reply.ok();
            done(session, argv, "ok", started);
        }
    }

    private void failAll(Session session, List<byte[][]> run, Reply reply, long started, StoreException e) {
        for (byte[][] argv : run) {
            reply.error(storeError(e));
            done(session, argv, "ERR", started);
        }
    }

    private void single(Session session, byte[][] argv, Reply reply, long started, long now) {
        CommandSpec spec = table.find(argv[0]);
        String status = "ok";
        try {
            if (spec == null) {
                throw RespErrors.unknownCommand(argv);
            }
            if (!spec.arityMatches(argv.length)) {
                throw RespErrors.wrongArity(spec.name());
            }
            if (!session.authenticated() && !spec.noAuth()) {
                throw RespErrors.error(RespErrors.NOAUTH);
            }
            spec.handler().run(new Request(spec, argv, session, now, services), reply);
        } catch (RespException e) {
            reply.error(e.reply());
            status = code(e.reply());
        } catch (StoreException e) {
            reply.error(storeError(e));
            status = "ERR";
        }
        done(session, spec == null ? null : argv, status, started);
    }

    private void done(Session session, byte[][] argv, String status, long started) {
        CommandSpec spec = argv == null ? null : table.find(argv[0]);
        String name = spec == null || !spec.listed() ? "unknown" : spec.name();
        session.touched(name);
        observer.command(name, status, System.nanoTime() - started);
    }

    private static String storeError(StoreException e) {
        return "ERR pgvs3 store: " + e.getMessage();
    }

    private static String code(String error) {
        int space = error.indexOf(' ');
        return space < 0 ? error : error.substring(0, space);
    }
}
