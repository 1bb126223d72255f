package io.pgvs3.resp.command.family;

import io.pgvs3.resp.command.CommandTable;
import io.pgvs3.resp.command.Request;
import io.pgvs3.resp.error.RespErrors;
import io.pgvs3.resp.protocol.Numbers;
import io.pgvs3.resp.protocol.Reply;
import io.pgvs3.store.api.KvEntry;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;

/**
 * INCR, DECR and friends: a locked read-modify-write of one key, so concurrent increments on any gateway
 * never lose an update. The value keeps its expiry, as in Redis.
 */
public final class CounterCommands {

    /** What C's strtold accepts and Redis' string2ld keeps: no blanks around, no NaN, at most 5 KiB. */
    private static final Pattern FLOAT = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Pattern INFINITY = Pattern.compile("[+-]?(inf|infinity)", Pattern.CASE_INSENSITIVE);
    private static final int MAX_FLOAT_CHARS = 5 * 1024;
    /** Redis prints an INCRBYFLOAT result with %.17Lf and trims the trailing zeros. */
    private static final int FLOAT_DIGITS = 17;

    private CounterCommands() {
    }

    public static void register(CommandTable t) {
        t.add("incr", 2, "write denyoom fast", 1, 1, 1, "@write @string @fast", (r, out) -> add(r, out, 1));
        t.add("decr", 2, "write denyoom fast", 1, 1, 1, "@write @string @fast", (r, out) -> add(r, out, -1));
        t.add("incrby", 3, "write denyoom fast", 1, 1, 1, "@write @string @fast",
                (r, out) -> add(r, out, r.integer(2)));
        t.add("decrby", 3, "write denyoom fast", 1, 1, 1, "@write @string @fast", CounterCommands::decrby);
        t.add("incrbyfloat", 3, "write denyoom fast", 1, 1, 1, "@write @string @fast", CounterCommands::incrbyfloat);
    }

    private static void decrby(Request r, Reply out) {
        long by = r.integer(2);
        if (by == Long.MIN_VALUE) {
            throw RespErrors.error(RespErrors.DECREMENT_OVERFLOW);
        }
        add(r, out, -by);
    }

    private static void add(Request r, Reply out, long by) {
        byte[] key = r.arg(1);
        long result = Values.mutate(r, List.of(key), true, (current, changes) -> {
            KvEntry e = current.get(0);
            long old = 0;
            if (e != null) {
                Long parsed = Numbers.parse(e.value());
                if (parsed == null) {
                    throw RespErrors.error(RespErrors.NOT_INTEGER);
                }
                old = parsed;
            }
            if ((by < 0 && old < 0 && by < Long.MIN_VALUE - old) || (by > 0 && old > 0 && by > Long.MAX_VALUE - old)) {
                throw RespErrors.error(RespErrors.OVERFLOW);
            }
            long value = old + by;
            changes.put(key, Long.toString(value).getBytes(StandardCharsets.US_ASCII), Values.keptExpiry(e));
            return value;
        });
        out.integer(result);
    }

    private static void incrbyfloat(Request r, Reply out) {
        byte[] key = r.arg(1);
        Parsed by = parse(r.arg(2));
        byte[] result = Values.mutate(r, List.of(key), true, (current, changes) -> {
            KvEntry e = current.get(0);
            Parsed old = e == null ? new Parsed(BigDecimal.ZERO, false) : parse(e.value());
            if (old.infinite() || by.infinite()) {
                throw RespErrors.error(RespErrors.NAN_OR_INFINITY);
            }
            BigDecimal sum = old.value().add(by.value()).setScale(FLOAT_DIGITS, RoundingMode.HALF_EVEN);
            String text = sum.signum() == 0 ? "0" : sum.stripTrailingZeros().toPlainString();
            byte[] value = text.getBytes(StandardCharsets.US_ASCII);
            changes.put(key, value, Values.keptExpiry(e));
            return value;
        });
        out.bulk(result);
    }

    private record Parsed(BigDecimal value, boolean infinite) {
    }

    /** Exact decimal arithmetic stands in for Redis' long double: equal results for decimal inputs. */
    private static Parsed parse(byte[] raw) {
        String s = new String(raw, StandardCharsets.ISO_8859_1);
        if (s.length() < MAX_FLOAT_CHARS) {
            if (FLOAT.matcher(s).matches()) {
                return new Parsed(new BigDecimal(s), false);
            }
            if (INFINITY.matcher(s).matches()) {
                return new Parsed(BigDecimal.ZERO, true);
            }
        }
        throw RespErrors.error(RespErrors.NOT_FLOAT);
    }
}
