package io.pgvs3.resp.command.family;

import io.pgvs3.resp.command.Request;
import io.pgvs3.resp.command.Session;
import io.pgvs3.resp.error.RespErrors;
import io.pgvs3.resp.protocol.Reply;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** CLIENT ID, SETNAME, GETNAME, INFO, LIST, SETINFO, HELP: the subcommands clients send on connect. */
final class ClientCommand {

    void run(Request r, Reply out) {
        String sub = RespErrors.latin1(r.arg(1)).toLowerCase(Locale.ROOT);
        Session s = r.session();
        switch (sub) {
            case "id" -> {
                arity(r, 2, sub);
                out.integer(s.id());
            }
            case "setname" -> {
                arity(r, 3, sub);
                checkName(r.arg(2));
                s.name(RespErrors.latin1(r.arg(2)));
                out.ok();
            }
            case "getname" -> {
                arity(r, 2, sub);
                out.bulk(s.name().isEmpty() ? null : s.name().getBytes(StandardCharsets.ISO_8859_1));
            }
            case "info" -> {
                arity(r, 2, sub);
                out.bulk(s.info(System.currentTimeMillis()));
            }
            case "list" -> {
                long now = System.currentTimeMillis();
                StringBuilder all = new StringBuilder();
                r.services().gateway().sessions().forEach(other -> all.append(other.info(now)));
                out.bulk(all.toString());
            }
            case "setinfo" -> {
                arity(r, 4, sub);
                if (!r.is(2, "lib-name") && !r.is(2, "lib-ver")) {
                    throw RespErrors.error("ERR Unrecognized option '" + RespErrors.latin1(r.arg(2)) + "'");
                }
                out.ok(); // library names are accepted and not kept
            }
            case "help" -> {
                String[] lines = {"CLIENT <subcommand> [<arg> [value] [opt] ...]. Subcommands are:",
                    "ID", "    Return the ID of the current connection.",
                    "GETNAME", "    Return the name of the current connection.",
                    "INFO", "    Return information about the current client connection.",
                    "LIST", "    Return information about client connections.",
                    "SETNAME <connection-name>", "    Assign the name <connection-name> to the current connection.",
                    "SETINFO <option> <value>", "    Set client meta attr. Options are: LIB-NAME, LIB-VER.",
                    "HELP", "    Print this help."};
                out.array(lines.length);
                for (String line : lines) {
                    out.status(line);
                }
            }
            default -> throw RespErrors.unknownSubcommand(r.argv());
        }
    }

    private static void arity(Request r, int argc, String sub) {
        if (r.argc() != argc) {
            throw RespErrors.wrongArity("client|" + sub);
        }
    }

    /** Redis' validateClientName: printable ASCII without spaces. */
    static void checkName(byte[] name) {
        for (byte b : name) {
            if (b < '!' || b > '~') {
                throw RespErrors.error(RespErrors.CLIENT_NAME);
            }
        }
    }
}
