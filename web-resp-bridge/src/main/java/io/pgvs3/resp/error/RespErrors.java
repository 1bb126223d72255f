package io.pgvs3.resp.error;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** The error replies of Redis 7 that the bridge gives, word for word. */
public final class RespErrors {

    public static final String SYNTAX = "ERR syntax error";
    public static final String NOT_INTEGER = "ERR value is not an integer or out of range";
    public static final String NOT_FLOAT = "ERR value is not a valid float";
    public static final String OVERFLOW = "ERR increment or decrement would overflow";
    public static final String DECREMENT_OVERFLOW = "ERR decrement would overflow";
    public static final String NAN_OR_INFINITY = "ERR increment would produce NaN or Infinity";
    public static final String NO_SUCH_KEY = "ERR no such key";
    public static final String DB_RANGE = "ERR DB index is out of range";
    public static final String TOO_LARGE = "ERR string exceeds maximum allowed size (proto-max-bulk-len)";
    public static final String OFFSET_RANGE = "ERR offset is out of range";
    public static final String INVALID_CURSOR = "ERR invalid cursor";
    public static final String SAME_OBJECT = "ERR source and destination objects are the same";
    public static final String NX_AND_OTHERS = "ERR NX and XX, GT or LT options at the same time are not compatible";
    public static final String GT_AND_LT = "ERR GT and LT options at the same time are not compatible";
    public static final String WRONGTYPE = "WRONGTYPE Operation against a key holding the wrong kind of value";
    public static final String NOAUTH = "NOAUTH Authentication required.";
    /** What a Redis replica answers to a write; a read-only bridge says the same (docs/adr/0035). */
    public static final String READONLY = "READONLY You can't write against a read only replica.";
    public static final String WRONGPASS = "WRONGPASS invalid username-password pair or user is disabled.";
    public static final String NO_PASSWORD = "ERR AUTH <password> called without any password configured for the "
            + "default user. Are you sure your configuration is correct?";
    public static final String NOPROTO = "NOPROTO unsupported protocol version";
    public static final String HELLO_NOAUTH = "NOAUTH HELLO must be called with the client already authenticated, "
            + "otherwise the HELLO AUTH <user> <pass> option can be used to authenticate the client and select the "
            + "RESP protocol version at the same time";
    public static final String HELLO_VERSION = "ERR Protocol version is not an integer or out of range";
    public static final String CLIENT_NAME = "ERR Client names cannot contain spaces, newlines or special characters.";
    public static final String MAX_CLIENTS = "ERR max number of clients reached";
    /** pgvs3's own: the database did not answer in time or is unreachable (the store's words stay in its log). */
    public static final String STORE_UNAVAILABLE = "ERR pgvs3 store unavailable, try again later";
    /** pgvs3's own: the database timed out a statement or lock wait (overload or contention). */
    public static final String STORE_BUSY = "ERR pgvs3 store busy, try again later";

    private RespErrors() {
    }

    public static RespException error(String reply) {
        return new RespException(reply);
    }

    public static RespException wrongArity(String command) {
        return new RespException("ERR wrong number of arguments for '" + command + "' command");
    }

    public static RespException invalidExpire(String command) {
        return new RespException("ERR invalid expire time in '" + command + "' command");
    }

    public static RespException unsupportedOption(byte[] option) {
        return new RespException("ERR Unsupported option " + latin1(option));
    }

    /** Redis quotes at most 128 bytes of the name and of the arguments together. */
    public static RespException unknownCommand(byte[][] argv) {
        StringBuilder args = new StringBuilder();
        for (int i = 1; i < argv.length && args.length() < 128; i++) {
            String arg = cString(argv[i]);
            args.append('\'').append(arg, 0, Math.min(arg.length(), 128 - args.length())).append("' ");
        }
        return new RespException("ERR unknown command '" + truncated(cString(argv[0]), 128)
                + "', with args beginning with: " + args);
    }

    public static RespException unknownSubcommand(byte[][] argv) {
        return new RespException("ERR unknown subcommand '" + truncated(cString(argv[1]), 128) + "'. Try "
                + latin1(argv[0]).toUpperCase(Locale.ROOT) + " HELP.");
    }

    public static String latin1(byte[] bytes) {
        return new String(bytes, StandardCharsets.ISO_8859_1);
    }

    /** The argument as C's %s prints it: up to its first NUL. */
    private static String cString(byte[] bytes) {
        String s = latin1(bytes);
        int nul = s.indexOf('\0');
        return nul < 0 ? s : s.substring(0, nul);
    }

    private static String truncated(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max);
    }
}
