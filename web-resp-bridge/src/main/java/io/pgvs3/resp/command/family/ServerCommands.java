package io.pgvs3.resp.command.family;

import io.pgvs3.resp.command.CommandSpec;
import io.pgvs3.resp.command.CommandTable;
import io.pgvs3.resp.command.Gateway;
import io.pgvs3.resp.command.Request;
import io.pgvs3.resp.error.RespErrors;
import io.pgvs3.resp.protocol.Reply;
import io.pgvs3.store.api.KvCounts;
import io.pgvs3.store.api.KvStore;
import java.util.List;
import java.util.Locale;

/** COMMAND, INFO, DBSIZE, FLUSHDB, FLUSHALL, TIME. */
public final class ServerCommands {

    private ServerCommands() {
    }

    public static void register(CommandTable t) {
        t.add("command", -1, "loading stale", 0, 0, 0, "@slow @connection", ServerCommands::command);
        t.add("info", -1, "loading stale", 0, 0, 0, "@slow @dangerous", ServerCommands::info);
        t.add("dbsize", 1, "readonly fast", 0, 0, 0, "@keyspace @read @fast",
                (r, out) -> out.integer(r.kv().count(r.db(), r.now()).keys()));
        t.add("flushdb", -1, "write", 0, 0, 0, "@keyspace @write @slow @dangerous", (r, out) -> flush(r, out, false));
        t.add("flushall", -1, "write", 0, 0, 0, "@keyspace @write @slow @dangerous", (r, out) -> flush(r, out, true));
        t.add("time", 1, "loading stale fast", 0, 0, 0, "@fast", ServerCommands::time);
    }

    private static void command(Request r, Reply out) {
        CommandTable table = r.services().table();
        List<CommandSpec> listed = table.all().stream().filter(CommandSpec::listed).toList();
        if (r.argc() == 1) {
            out.array(listed.size());
            listed.forEach(spec -> describe(spec, out));
            return;
        }
        String sub = RespErrors.latin1(r.arg(1)).toLowerCase(Locale.ROOT);
        switch (sub) {
            case "count" -> out.integer(listed.size());
            case "list" -> {
                out.array(listed.size());
                listed.forEach(spec -> out.bulk(spec.name()));
            }
            case "info" -> {
                out.array(r.argc() - 2);
                for (byte[] name : r.args(2)) {
                    CommandSpec spec = table.find(name);
                    if (spec == null || !spec.listed()) {
                        out.nullBulk();
                    } else {
                        describe(spec, out);
                    }
                }
            }
            case "docs" -> out.array(0); // no documentation is served; clients treat it as optional
            default -> throw RespErrors.unknownSubcommand(r.argv());
        }
    }

    /** COMMAND INFO's ten fields; tips, key specs and subcommands are left empty. */
    private static void describe(CommandSpec spec, Reply out) {
        out.array(10).bulk(spec.name()).integer(spec.arity());
        out.array(spec.flags().size());
        spec.flags().forEach(out::status);
        out.integer(spec.firstKey()).integer(spec.lastKey()).integer(spec.step());
        out.array(spec.categories().size());
        spec.categories().forEach(out::status);
        out.array(0).array(0).array(0);
    }

    private static void info(Request r, Reply out) {
        String section = r.argc() > 1 ? RespErrors.latin1(r.arg(1)).toLowerCase(Locale.ROOT) : "default";
        boolean all = section.equals("default") || section.equals("all") || section.equals("everything");
        Gateway g = r.services().gateway();
        StringBuilder text = new StringBuilder();
        if (all || section.equals("server")) {
            text.append("# Server\r\n")
                    .append("redis_version:").append(ConnectionCommands.REDIS_VERSION).append("\r\n")
                    .append("redis_mode:standalone\r\n")
                    .append("pgvs3_bridge:1\r\n")
                    .append("arch_bits:64\r\n")
                    .append("run_id:").append(g.runId()).append("\r\n")
                    .append("tcp_port:").append(g.port()).append("\r\n")
                    .append("uptime_in_seconds:").append((System.currentTimeMillis() - g.startedMillis()) / 1000)
                    .append("\r\n\r\n");
        }
        if (all || section.equals("clients")) {
            text.append("# Clients\r\n")
                    .append("connected_clients:").append(g.sessions().size()).append("\r\n")
                    .append("maxclients:").append(g.maxClients()).append("\r\n\r\n");
        }
        if (all || section.equals("keyspace")) {
            text.append("# Keyspace\r\n");
            for (int db = 0; db < KvStore.DATABASES; db++) {
                KvCounts counts = r.kv().count(db, r.now());
                if (counts.keys() > 0) {
                    text.append("db").append(db).append(":keys=").append(counts.keys()).append(",expires=")
                            .append(counts.expires()).append(",avg_ttl=0\r\n");
                }
            }
        }
        out.bulk(text.toString());
    }

    private static void flush(Request r, Reply out, boolean everything) {
        if (r.argc() > 2 || (r.argc() == 2 && !r.is(1, "async") && !r.is(1, "sync"))) {
            throw RespErrors.error(RespErrors.SYNTAX);
        }
        if (everything) {
            for (int db = 0; db < KvStore.DATABASES; db++) {
                r.kv().flush(db);
            }
        } else {
            r.kv().flush(r.db());
        }
        out.ok();
    }

    private static void time(Request r, Reply out) {
        long micros = System.currentTimeMillis() * 1000 + (System.nanoTime() / 1000) % 1000;
        out.array(2).bulk(Long.toString(micros / 1_000_000)).bulk(Long.toString(micros % 1_000_000));
    }
}
