package io.pgvs3.resp.command.family;

import io.pgvs3.resp.command.CommandTable;
import io.pgvs3.resp.command.Request;
import io.pgvs3.resp.error.RespErrors;
import io.pgvs3.resp.protocol.Reply;
import io.pgvs3.store.api.KvPage;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * KEYS and SCAN. The store walks keys in the order of a 64-bit hash and a cursor is the next hash, so a
 * cursor works on any gateway and a key present for the whole scan is returned exactly once. MATCH and
 * TYPE filter a page after it is read, as in Redis (a page may come back shorter, even empty).
 */
public final class ScanCommands {

    private static final int KEYS_PAGE = 1000;
    private static final int DEFAULT_COUNT = 10;
    private static final BigInteger MAX_CURSOR = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private ScanCommands() {
    }

    public static void register(CommandTable t) {
        t.add("keys", 2, "readonly", 0, 0, 0, "@keyspace @read @slow @dangerous", ScanCommands::keys);
        t.add("scan", -2, "readonly", 0, 0, 0, "@keyspace @read @slow", ScanCommands::scan);
    }

    private static void keys(Request r, Reply out) {
        byte[] pattern = r.arg(1);
        boolean all = pattern.length == 1 && pattern[0] == '*';
        List<byte[]> found = new ArrayList<>();
        long cursor = 0;
        do {
            KvPage page = r.kv().scan(r.db(), cursor, KEYS_PAGE, r.now());
            for (byte[] key : page.keys()) {
                if (all || Glob.matches(pattern, key)) {
                    found.add(key);
                }
            }
            cursor = page.cursor();
        } while (cursor != 0);
        out.array(found.size());
        found.forEach(out::bulk);
    }

    private static void scan(Request r, Reply out) {
        long cursor = cursor(r.arg(1));
        long count = DEFAULT_COUNT;
        byte[] pattern = null;
        boolean strings = true;
        for (int i = 2; i < r.argc(); i += 2) {
            boolean pair = r.argc() - i >= 2;
            if (pair && r.is(i, "count")) {
                count = r.integer(i + 1);
                if (count < 1) {
                    throw RespErrors.error(RespErrors.SYNTAX);
                }
            } else if (pair && r.is(i, "match")) {
                pattern = r.arg(i + 1).length == 1 && r.arg(i + 1)[0] == '*' ? null : r.arg(i + 1);
            } else if (pair && r.is(i, "type")) {
                strings = r.is(i + 1, "string"); // every value here is a string
            } else {
                throw RespErrors.error(RespErrors.SYNTAX);
            }
        }
        KvPage page = r.kv().scan(r.db(), cursor, (int) Math.min(count, Integer.MAX_VALUE), r.now());
        List<byte[]> keys = new ArrayList<>();
        for (byte[] key : page.keys()) {
            if (strings && (pattern == null || Glob.matches(pattern, key))) {
                keys.add(key);
            }
        }
        out.array(2).bulk(Long.toUnsignedString(page.cursor()));
        out.array(keys.size());
        keys.forEach(out::bulk);
    }

    /** C's strtoul as Redis uses it: optional sign, decimal digits, no blank first, no overflow. */
    private static long cursor(byte[] arg) {
        String s = new String(arg, StandardCharsets.ISO_8859_1);
        if (s.isEmpty()) {
            return 0;
        }
        boolean negative = s.charAt(0) == '-';
        String digits = negative || s.charAt(0) == '+' ? s.substring(1) : s;
        if (digits.isEmpty() || !digits.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw RespErrors.error(RespErrors.INVALID_CURSOR);
        }
        BigInteger v = new BigInteger(digits);
        if (v.compareTo(MAX_CURSOR) > 0) {
            throw RespErrors.error(RespErrors.INVALID_CURSOR);
        }
        return negative ? -v.longValue() : v.longValue();
    }
}
