package io.pgvs3.resp.command;

import io.pgvs3.resp.error.RespErrors;
import io.pgvs3.resp.error.RespException;
import io.pgvs3.resp.protocol.Reply;
import io.pgvs3.store.api.KvEntry;
import io.pgvs3.store.api.KvPut;
import io.pgvs3.store.api.KvSession;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Answers one pipelined batch in order. A run of consecutive GET/MGET becomes one store read per
 * {@value #READ_GROUP} keys or megabyte of values (the replies spilled to the client between reads), shared with
 * other connections' runs by {@link GroupRead}, and a run
 * of consecutive blind SET/MSET one store write (one upsert, one commit, shared with other connections'
 * runs by {@link GroupCommit}) — the replies stay one per command, in order, and are written only after
 * that commit. Every other command runs alone. A command
 * is only coalesced when it would certainly succeed on its own (known, right arity, authenticated,
 * options valid), so errors come from the single path and read the same.
 */
public final class PipelineRunner {

    private enum Kind { READ, WRITE, SINGLE }

    /** Keys one store read of a GET/MGET run asks for at most. */
    static final int READ_GROUP = 64;

    private final CommandTable table;
    private final Services services;
    private final CommandObserver observer;
    private final GroupCommit writes;
    private final GroupRead reads;
    private final HeldSessions held;
    private final boolean readOnly;

    /**
     * One per listener: its group commit and group reads span all connections.
     *
     * @param writeTransactions most transactions of blind writes at once (see {@link GroupCommit})
     * @param readQueries       most store reads of GET runs at once (see {@link GroupRead})
     * @param held              the sessions clients keep between their batches
     * @param readOnly          refuse every command flagged {@code write}, as a Redis replica does
     */
    public PipelineRunner(CommandTable table, Services services, CommandObserver observer, int writeTransactions,
                      int readQueries, HeldSessions held, boolean readOnly) {
        this.table = table;
        this.held = held;
        this.readOnly = readOnly;
        this.services = services;
        this.observer = observer;
        this.writes = new GroupCommit(services::kv, writeTransactions);
        this.reads = new GroupRead(services::kv, readQueries);
    }

    /** A decoded command and its table entry (null: unknown), looked up once per batch. */
    private record Call(byte[][] argv, CommandSpec spec) {

        String name() {
            return spec == null ? null : spec.name();
        }
    }

    /** Answers the batch on the session its client keeps, if it keeps one (or now takes one). */
    public void execute(Session session, List<byte[][]> commands, Reply reply) {
        KvSession kv = services.stores().current();
        kv.runOn(held.forBatch(session));
        try {
            answer(session, commands, reply);
        } finally {
            kv.runOn(null);
        }
    }

    /** {@code session}'s client paused or went away ({@code ended}): the session it kept goes back to the pool. */
    public void letGo(Session session, boolean ended) {
        held.giveBack(session, ended);
    }

    private void answer(Session session, List<byte[][]> commands, Reply reply) {
        observer.batch(commands.size());
        List<Call> calls = new ArrayList<>(commands.size());
        for (byte[][] argv : commands) {
            calls.add(new Call(argv, table.find(argv[0])));
        }
        int i = 0;
        while (i < calls.size() && !session.closing()) {
            long started = System.nanoTime();
            long now = System.currentTimeMillis();
            Kind kind = kind(session, calls.get(i), now);
            int end = i + 1;
            if (kind != Kind.SINGLE) {
                while (end < calls.size() && kind(session, calls.get(end), now) == kind) {
                    end++;
                }
            }
            List<Call> run = calls.subList(i, end);
            switch (kind) {
                case READ -> read(session, run, reply, started, now);
                case WRITE -> write(session, run, reply, started, now);
                default -> single(session, run.get(0), reply, started, now);
            }
            reply.spillIfLarge();
            i = end;
        }
    }

    private Kind kind(Session session, Call call, long now) {
        CommandSpec spec = call.spec();
        if (!session.authenticated() || spec == null || !spec.arityMatches(call.argv().length) || refused(spec)) {
            return Kind.SINGLE;
        }
        return switch (spec.name()) {
            case "get", "mget" -> Kind.READ;
            case "mset" -> call.argv().length % 2 == 1 ? Kind.WRITE : Kind.SINGLE;
            case "set" -> blindSet(call.argv(), now) ? Kind.WRITE : Kind.SINGLE;
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

    /**
     * A run of GET/MGET: its keys read {@link #READ_GROUP} at a time and at most {@link Reply#SPILL_BYTES} of
     * values per store read (at least one value), the replies spilled to the client between reads, so a
     * worker holds a bounded share of a pipeline's values and replies however long it is and however large
     * its values. A store failure before a command's first reply is that command's error (and the rest's);
     * in the middle of an MGET's array it can no longer be, and closes the connection, as a network failure would.
     */
    private void read(Session session, List<Call> run, Reply reply, long started, long now) {
        List<byte[]> keys = new ArrayList<>(run.size()); // one key per GET, the common run
        for (Call call : run) {
            byte[][] argv = call.argv();
            for (int k = 1; k < argv.length; k++) {
                keys.add(argv[k]); // no copy of argv (List.of copies it)
            }
        }
        int call = 0;
        int arg = 1; // the next key's place: argument arg of run.get(call)
        for (int next = 0; next < keys.size(); ) {
            List<KvEntry> entries;
            try {
                entries = reads.getWithin(session.db(), keys.subList(next, Math.min(keys.size(), next + READ_GROUP)),
                        now, Reply.SPILL_BYTES);
            } catch (StoreException e) {
                if (arg != 1) {
                    throw new UncheckedIOException(new IOException("the store failed in the middle of an MGET's reply", e));
                }
                if (call > 0) {
                    done(session, run.subList(0, call), "ok", started);
                }
                failAll(session, run.subList(call, run.size()), reply, started, e);
                return;
            }
            for (KvEntry entry : entries) {
                Call current = run.get(call);
                if (arg == 1 && current.name().equals("mget")) {
                    reply.array(current.argv().length - 1);
                }
                ValueReply.bulk(reply, entry);
                if (++arg == current.argv().length) {
                    call++;
                    arg = 1;
                }
            }
            next += entries.size();
            reply.spillIfLarge();
        }
        done(session, run, "ok", started);
    }

    private void write(Session session, List<Call> run, Reply reply, long started, long now) {
        List<KvPut> puts = new ArrayList<>();
        for (Call call : run) {
            byte[][] argv = call.argv();
            if (call.name().equals("set")) {
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
            writes.put(session.db(), puts);
        } catch (StoreException e) {
            failAll(session, run, reply, started, e);
            return;
        }
        for (int i = 0; i < run.size(); i++) {
            reply.ok();
        }
        done(session, run, "ok", started);
    }

    private void failAll(Session session, List<Call> run, Reply reply, long started, StoreException e) {
        String error = storeError(e);
        for (int i = 0; i < run.size(); i++) {
            reply.error(error);
        }
        done(session, run, "ERR", started);
    }

    private void single(Session session, Call call, Reply reply, long started, long now) {
        CommandSpec spec = call.spec();
        byte[][] argv = call.argv();
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
            if (refused(spec)) {
                throw RespErrors.error(RespErrors.READONLY);
            }
            spec.handler().run(new Request(spec, argv, session, now, services), reply);
        } catch (RespException e) {
            reply.error(e.reply());
            status = code(e.reply());
        } catch (StoreException e) {
            reply.error(storeError(e));
            status = "ERR";
        }
        done(session, List.of(call), status, started);
    }

    private boolean refused(CommandSpec spec) {
        return readOnly && spec.flags().contains("write");
    }

    /** Observes a run answered alike: once per stretch of one command name, which share their latency. */
    private void done(Session session, List<Call> run, String status, long started) {
        long nanos = System.nanoTime() - started;
        String name = metricName(run.get(0));
        int from = 0;
        for (int i = 1; i < run.size(); i++) {
            String next = metricName(run.get(i));
            if (!next.equals(name)) {
                observer.commands(name, status, i - from, nanos);
                name = next;
                from = i;
            }
        }
        observer.commands(name, status, run.size() - from, nanos);
        session.touched(name);
    }

    private static String metricName(Call call) {
        return call.spec() == null || !call.spec().listed() ? "unknown" : call.name();
    }

    /** Database trouble gets fixed words: its messages name SQL and sessions, no business of a client. */
    private static String storeError(StoreException e) {
        return switch (e.error()) {
            case UNAVAILABLE -> RespErrors.STORE_UNAVAILABLE;
            case BUSY -> RespErrors.STORE_BUSY;
            case READ_ONLY -> RespErrors.READONLY; // a writable bridge whose database turned out to be a standby
            default -> "ERR pgvs3 store: " + e.getMessage();
        };
    }

    private static String code(String error) {
        int space = error.indexOf(' ');
        return space < 0 ? error : error.substring(0, space);
    }
}
