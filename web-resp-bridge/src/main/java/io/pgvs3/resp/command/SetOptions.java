package io.pgvs3.resp.command;

import io.pgvs3.resp.error.RespErrors;
import io.pgvs3.resp.protocol.Numbers;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The options of SET and GETEX, parsed as Redis' {@code parseExtendedStringArgumentsOrReply} does: the
 * same exclusions, a repeated option allowed (the last expiry wins), anything else a syntax error. The
 * expiry argument is checked later ({@link #expiresAt}), in the order Redis checks it.
 */
public record SetOptions(boolean nx, boolean xx, boolean get, boolean keepTtl, boolean persist, Unit unit,
                         byte[] expiry) {

    /** How the expiry argument reads: relative or absolute, seconds or milliseconds. */
    public enum Unit { NONE, EX, PX, EXAT, PXAT }

    /** @param set true for SET (options from argv[3]), false for GETEX (from argv[2]) */
    public static SetOptions parse(byte[][] argv, boolean set) {
        boolean nx = false, xx = false, get = false, keepTtl = false, persist = false;
        Unit unit = Unit.NONE;
        byte[] expiry = null;
        for (int j = set ? 3 : 2; j < argv.length; j++) {
            String opt = new String(argv[j], StandardCharsets.ISO_8859_1);
            boolean next = j < argv.length - 1;
            boolean timed = unit != Unit.NONE;
            if (set && opt.equalsIgnoreCase("nx") && !xx) {
                nx = true;
            } else if (set && opt.equalsIgnoreCase("xx") && !nx) {
                xx = true;
            } else if (set && opt.equalsIgnoreCase("get")) {
                get = true;
            } else if (set && opt.equalsIgnoreCase("keepttl") && !timed) {
                keepTtl = true;
            } else if (!set && opt.equalsIgnoreCase("persist") && !timed) {
                persist = true;
            } else if (next && !keepTtl && !persist && unitFits(opt, unit)) {
                unit = Unit.valueOf(opt.toUpperCase(Locale.ROOT));
                expiry = argv[++j];
            } else {
                throw RespErrors.error(RespErrors.SYNTAX);
            }
        }
        return new SetOptions(nx, xx, get, keepTtl, persist, unit, expiry);
    }

    /** An expiry option that is not already given as another one (the same one may repeat). */
    private static boolean unitFits(String opt, Unit current) {
        for (Unit u : new Unit[] {Unit.EX, Unit.PX, Unit.EXAT, Unit.PXAT}) {
            if (opt.equalsIgnoreCase(u.name())) {
                return current == Unit.NONE || current == u;
            }
        }
        return false;
    }

    /** A SET that needs no look at the old value: it can join a batch of blind writes. */
    public boolean blind() {
        return !nx && !xx && !get && !keepTtl;
    }

    public boolean timed() {
        return unit != Unit.NONE;
    }

    /**
     * The absolute expiry in epoch ms, checked as Redis' {@code getExpireMillisecondsOrReply}.
     *
     * @throws io.pgvs3.resp.error.RespException not an integer, or an invalid expire time for {@code command}
     */
    public long expiresAt(long now, String command) {
        return expiresAt(expiry, unit, now, command);
    }

    public static long expiresAt(byte[] arg, Unit unit, long now, String command) {
        Long value = Numbers.parse(arg);
        if (value == null) {
            throw RespErrors.error(RespErrors.NOT_INTEGER);
        }
        boolean seconds = unit == Unit.EX || unit == Unit.EXAT;
        long ms = value;
        if (ms <= 0 || (seconds && ms > Long.MAX_VALUE / 1000)) {
            throw RespErrors.invalidExpire(command);
        }
        if (seconds) {
            ms *= 1000;
        }
        if (unit == Unit.EX || unit == Unit.PX) {
            ms += now; // wraps like Redis' C arithmetic, and is then refused below
        }
        if (ms <= 0) {
            throw RespErrors.invalidExpire(command);
        }
        return ms;
    }
}
