package io.pgvs3.e2e.resp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pgvs3.e2e.Scrape;
import io.pgvs3.e2e.Stack;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The same command scripts against the bridge and a real redis-server: every reply must be the same,
 * errors included. Each script runs in database 9 (and 10), emptied first on both. Script lines are
 * arguments separated by spaces ("double quotes" keep spaces in one); {@code ""} is an empty argument, {@code x:<hex>} binary bytes,
 * {@code @ms+N} / {@code @s+N} the current time plus N in milliseconds / seconds. A line prefix says
 * how to compare: {@code ~} integers within a second (TTLs), {@code sort:} array order ignored,
 * {@code mask:} integers ignored (ids), {@code scan:} the cursor ignored (the bridge's cursors are hashes).
 * Two differences are by design and not scripted: HELLO 3 answers NOPROTO (RESP2 only), and commands
 * of other types on a key without a string answer unknown command (docs/architecture.md).
 */
@ExtendWith(Stack.class)
class RespComparisonIT {

    private static final Pattern INTEGER = Pattern.compile(":-?\\d+");
    private static final Pattern CURSOR = Pattern.compile("^\\*\\[\\$\\d+");
    private static final List<String> MODES = List.of("sort", "mask", "scan");
    private static final Pattern WORD = Pattern.compile("\"[^\"]*\"|\\S+");
    /** A line of Liberty's messages.log at WARNING or SEVERE: [date] thread logger level message. */
    private static final Pattern WARNING_OR_WORSE = Pattern.compile("^\\[[^\\]]+] \\p{XDigit}+ \\S+\\s+[WE] ");
    private static RedisServer redis;

    @BeforeAll
    static void startRedis() throws Exception {
        redis = RedisServer.start(Stack.secretKey(), false);
    }

    @AfterAll
    static void stopRedis() throws Exception {
        redis.close();
    }

    @Test
    void strings() throws Exception {
        compare("""
                SET s hello
                GET s
                GET missing
                SET e ""
                GET e
                STRLEN e
                STRLEN s
                STRLEN missing
                SET bin x:00ff0d0a80
                GET bin
                APPEND bin x:fe
                GET bin
                APPEND new abc
                APPEND new ""
                GETSET s world
                GETSET nothere v
                GETDEL s
                GETDEL s
                SET r "Hello World"
                GETRANGE r 0 4
                GETRANGE r -5 -1
                GETRANGE r -1 -5
                GETRANGE r 5 2
                GETRANGE r 0 100
                GETRANGE r -100 -1
                GETRANGE r 6 -1
                GETRANGE missing 0 -1
                GETRANGE r x 1
                SUBSTR r 0 2
                SETRANGE r 6 Redis
                GET r
                SETRANGE pad 5 x
                GET pad
                SETRANGE pad2 0 ""
                EXISTS pad2
                SETRANGE r -1 x
                SETRANGE r 536870912 x
                SETRANGE r 3 ""
                GET
                SET a
                GETRANGE r 0
                APPEND a b c
                """);
    }

    /** Values in chunk rows (over 8,120 bytes), where APPEND and SETRANGE rewrite only the rows they change. */
    @Test
    void appendAndSetrangeOnChunkedValues() throws Exception {
        String big = "0123456789abcdefghij".repeat(1000);
        compare("SET big " + big + "\n"
                + "SET ttl " + big.substring(0, 10_000) + " EX 100\n"
                + "APPEND big " + big.substring(0, 130) + """

                SETRANGE big 9000 PATCHED
                SETRANGE big 8115 across-two-rows
                STRLEN big
                GETRANGE big 8100 8140
                GETRANGE big 19990 20200
                SETRANGE big 30000 far
                STRLEN big
                GET big
                APPEND ttl more
                ~TTL ttl
                GETRANGE ttl 9990 -1
                SETRANGE grow 8118 abcdef
                GET grow
                APPEND grow xyz
                STRLEN grow
                GETRANGE grow 8110 -1
                SETRANGE big 536870911 xy
                APPEND big ""
                """);
    }

    @Test
    void counters() throws Exception {
        compare("""
                INCR c
                INCR c
                DECR c
                INCRBY c 10
                DECRBY c -5
                INCRBY c x
                INCRBY c 1.5
                GET c
                SET big 9223372036854775807
                INCR big
                SET small -9223372036854775808
                DECR small
                DECRBY c -9223372036854775808
                INCRBY c 9223372036854775807
                INCRBY c 9223372036854775807
                SET notnum abc
                INCR notnum
                SET spaced " 1"
                INCR spaced
                SET lead 01
                INCR lead
                SET plus +1
                INCR plus
                INCRBYFLOAT f 0.1
                INCRBYFLOAT f 0.2
                INCRBYFLOAT f -0.3
                INCRBYFLOAT f 10.5e2
                INCRBYFLOAT f 3
                INCRBYFLOAT f abc
                INCRBYFLOAT f inf
                INCRBYFLOAT notnum 1
                INCRBYFLOAT c 1.5
                SET ttl 1 EX 100
                INCR ttl
                TTL ttl
                INCRBYFLOAT ttl 0.5
                TTL ttl
                """);
    }

    @Test
    void setOptions() throws Exception {
        compare("""
                SET k v NX
                SET k v2 NX
                GET k
                SET k v3 XX
                GET k
                SET none v XX
                EXISTS none
                SET k v4 GET
                SET fresh v GET
                SET k v5 NX GET
                GET k
                SET k v6 NX XX
                SET k v EX 0
                SET k v EX -1
                SET k v PX 0
                SET k v EX abc
                SET k v EX 9223372036854775807
                SET k v PX 9223372036854775807
                SET k v EX 100 PX 100
                SET k v EX 100 KEEPTTL
                SET k v EX
                SET k v FOO
                SET k v EX 100 EX 200
                TTL k
                SET k v2 KEEPTTL
                TTL k
                GET k
                SET k v3
                TTL k
                SET k v PXAT 1
                GET k
                SET k v EXAT @s+1000
                TTL k
                SETNX n 1
                SETNX n 2
                GET n
                SETEX x 100 v
                TTL x
                SETEX x 0 v
                SETEX x abc v
                PSETEX y 100000 v
                ~PTTL y
                PSETEX y -5 v
                MSET a 1 b 2 c 3
                MGET a b c missing a
                MSET a 1 b
                MSETNX a 9 z 9
                GET z
                MSETNX z 9 zz 8
                MGET z zz
                MSET dup 1 dup 2
                GET dup
                GETEX a
                GETEX a EX 100
                TTL a
                GETEX a PERSIST
                TTL a
                GETEX a PX 100000 PERSIST
                GETEX missing EX 0
                GETEX a EX 0
                GETEX a EXAT 1
                EXISTS a
                GETEX b FOO
                """);
    }

    @Test
    void expiry() throws Exception {
        compare("""
                SET k v
                TTL k
                PTTL k
                EXPIRETIME k
                TTL missing
                PTTL missing
                EXPIRETIME missing
                EXPIRE k 100
                TTL k
                ~PTTL k
                EXPIRE k 50 GT
                EXPIRE k 200 GT
                TTL k
                EXPIRE k 300 LT
                EXPIRE k 100 LT
                TTL k
                EXPIRE k 10 NX
                EXPIRE k 10 XX
                TTL k
                EXPIRE k 10 NX XX
                EXPIRE k 10 GT LT
                EXPIRE k 10 FOO
                EXPIRE k abc
                EXPIRE k 9223372036854775807
                PEXPIRE k 9223372036854775807
                EXPIRE missing 10
                PERSIST k
                PERSIST k
                TTL k
                EXPIRE k 10 XX
                EXPIRE k 10 GT
                EXPIRE k 10 LT
                TTL k
                PEXPIRE k 100000
                ~PTTL k
                EXPIREAT k @s+500
                ~TTL k
                ~EXPIRETIME k
                ~PEXPIRETIME k
                PEXPIREAT k @ms+600000
                ~PTTL k
                EXPIRE k -1
                EXISTS k
                SET k v
                EXPIREAT k 1
                GET k
                SET k v
                PEXPIREAT k 0
                TYPE k
                SET k v EX 100
                EXPIRE k 0
                TTL k
                """);
    }

    @Test
    void keys() throws Exception {
        compare("""
                MSET a 1 b 2 c 3 hello 4 hallo 5 hxllo 6 heeeello 7 x:00ff 8 "" 9
                DEL a b nothere a
                UNLINK c
                EXISTS hello hello missing hallo
                TYPE hello
                TYPE missing
                sort:KEYS *
                sort:KEYS h?llo
                sort:KEYS h*llo
                sort:KEYS h[ae]llo
                sort:KEYS h[^e]llo
                sort:KEYS h[a-b]llo
                sort:KEYS *o
                KEYS nomatch*
                DBSIZE
                RENAME hello greeting
                GET greeting
                EXISTS hello
                RENAME missing x
                RENAME greeting greeting
                RENAMENX greeting greeting
                SET t v EX 100
                RENAME t t2
                TTL t2
                RENAMENX hallo hxllo
                RENAMENX hallo fresh
                GET fresh
                COPY fresh fresh
                COPY fresh copy1
                GET copy1
                COPY fresh copy1
                COPY hxllo copy1 REPLACE
                GET copy1
                COPY t2 t3
                TTL t3
                COPY missing x
                COPY fresh x FOO
                COPY fresh x DB 16
                COPY fresh x DB abc
                COPY fresh other DB 10
                SELECT 10
                GET other
                SELECT 9
                EXISTS other
                DBSIZE
                FLUSHDB
                DBSIZE
                RANDOMKEY
                SET only one
                RANDOMKEY
                FLUSHDB FOO
                FLUSHDB ASYNC
                """);
    }

    @Test
    void scanVisitsEveryKeyOnce() throws Exception {
        StringBuilder script = new StringBuilder("MSET");
        for (int i = 0; i < 137; i++) {
            script.append(" key:").append(i).append(' ').append(i);
        }
        compare(script + """

                SCAN x
                SCAN 0 COUNT 0
                SCAN 0 COUNT x
                SCAN 0 FOO bar
                SCAN 0 MATCH
                scan:SCAN 0 TYPE list
                scan:SCAN 0 TYPE string COUNT 1000 MATCH nomatch*
                """);
        for (String match : new String[] {null, "key:1*", "*7"}) {
            assertEquals(scanAll(selected(redisConnection0()), match), scanAll(selected(bridgeConnection0()), match),
                    "SCAN MATCH " + match);
        }
    }

    @Test
    void connectionCommands() throws Exception {
        compare("""
                PING
                PING hello
                PING a b
                ECHO x:00ff
                ECHO
                SELECT 16
                SELECT -1
                SELECT x
                SELECT 9
                CLIENT SETNAME my-client
                CLIENT GETNAME
                CLIENT SETNAME "a b"
                CLIENT SETNAME
                CLIENT FOO
                CLIENT
                mask:CLIENT ID
                FOO bar baz
                foo
                SET str v
                LPUSH str x
                HGET str f
                SADD str m
                HELLO 4
                HELLO x
                mask:HELLO 2
                AUTH a b c
                AUTH wrong
                GET str
                """);
    }

    @Test
    void unauthenticatedClientsHearNoauth() throws Exception {
        for (String line : List.of("GET k", "PING", "SET k v", "FOO x", "GET", "HELLO 2", "AUTH wrong",
                "CLIENT ID", "QUIT", "GET k")) {
            // each command on fresh connections: QUIT closes, the last GET sees a closed socket on both
            try (RespConnection r = redisConnection0(); RespConnection b = bridgeConnection0()) {
                assertEquals(r.call(split(line)), b.call(split(line)), line);
            }
        }
        try (RespConnection r = redisConnection0(); RespConnection b = bridgeConnection0()) {
            for (String line : List.of("GET k", "AUTH " + Stack.secretKey(), "GET k", "RESET", "GET k")) {
                assertEquals(r.call(split(line)), b.call(split(line)), line);
            }
        }
    }

    @Test
    void protocolErrorsCloseTheConnectionAfterTheirReply() throws Exception {
        for (String wire : List.of("*1\r\n$4\r\nPING\r\n*x\r\n", "*2\r\n$3\r\nGET\r\n$-5\r\n",
                "*2\r\n*3\r\n", "PING\r\nECHO \"unbalanced\r\n", "*1\r\n$99999999999\r\n",
                "ECHO \"a\\x41\\n\" 'b'\r\nPING\r\n*3\r\n$3\r\nSET\r\n:1\r\n")) {
            assertEquals(rawReplies(redisConnection(), wire), rawReplies(bridgeConnection(), wire), wire);
        }
    }

    /** Sends bytes that end in a protocol error, then reads replies until the server closes. */
    private static List<String> rawReplies(RespConnection c, String wire) throws IOException {
        try (c) {
            c.sendRaw(wire);
            List<String> replies = new ArrayList<>();
            String reply;
            do {
                reply = c.read();
                replies.add(reply);
            } while (!reply.equals("<closed>"));
            return replies;
        }
    }

    private static List<String> scanAll(RespConnection c, String match) throws IOException {
        try (c) {
            List<String> keys = new ArrayList<>();
            String cursor = "0";
            do {
                byte[][] argv = match == null ? RespConnection.bytes("SCAN", cursor, "COUNT", "7")
                        : RespConnection.bytes("SCAN", cursor, "MATCH", match, "COUNT", "7");
                String reply = c.call(argv); // *[$cursor, *[$k, ...]]
                cursor = reply.substring(3, reply.indexOf(','));
                String list = reply.substring(reply.indexOf("*[", 2) + 2, reply.length() - 2);
                if (!list.isEmpty()) {
                    keys.addAll(Arrays.asList(list.split(", ")));
                }
            } while (!cursor.equals("0"));
            keys.sort(null);
            return keys;
        }
    }

    private static void compare(String script) throws Exception {
        List<String> differences = new ArrayList<>();
        String cutShort = "";
        try (RespConnection r = redisConnection(); RespConnection b = bridgeConnection()) {
            for (String raw : script.strip().split("\n")) {
                String line = raw.strip();
                String mode = line.startsWith("~") ? "~" : line.contains(":") && MODES.contains(line.split(":")[0])
                        ? line.split(":")[0] : "";
                String command = line.substring(mode.equals("~") ? 1 : mode.isEmpty() ? 0 : mode.length() + 1);
                byte[][] argv = argv(command);
                String expected = r.call(argv);
                String actual = b.call(argv);
                if (!same(mode, expected, actual)) {
                    differences.add(command + "\n    redis:  " + expected + "\n    bridge: " + actual);
                    if (actual.equals("<closed>") && cutShort.isEmpty()) { // while this end is still open
                        cutShort = whyTheBridgeClosed(b.localPort());
                    }
                }
            }
        }
        assertEquals("", String.join("\n", differences), "replies that differ from redis-server" + cutShort);
    }

    /**
     * For a connection the bridge closed unasked: whether the bridge still lists it (then it did not close it, but
     * shut its output: an ending connection draining, or a socket still registered with a selector), its closes
     * so far by reason, and its RESP warnings with the first lines of their traces (first in the failure's
     * message, which a CI log may cut short).
     */
    private static String whyTheBridgeClosed(int port) {
        try (RespConnection admin = bridgeConnection0()) {
            admin.call("AUTH", Stack.secretKey());
            String listed = admin.call("CLIENT", "LIST").lines().filter(line -> line.contains(":" + port + " "))
                    .findFirst().orElse("not listed");
            String closes = Scrape.of(Stack.adminEndpoint(0)).toString().lines()
                    .filter(line -> line.startsWith("pgvs3_resp_connections_closed_total") && !line.endsWith(" 0.0"))
                    .collect(Collectors.joining("\n"));
            List<String> log = Stack.gatewayLog(0).lines().toList();
            List<String> warnings = new ArrayList<>();
            for (int i = 0; i < log.size(); i++) {
                if (log.get(i).contains("RESP") && WARNING_OR_WORSE.matcher(log.get(i)).find()) {
                    warnings.addAll(log.subList(i, Math.min(log.size(), i + 4)));
                }
            }
            return "; the bridge's CLIENT LIST line for it: " + listed + "\nits closes by reason:\n" + closes
                    + "\nits RESP warnings:\n" + String.join("\n", warnings) + "\n";
        } catch (IOException | InterruptedException | RuntimeException e) {
            return "; the bridge's closes could not be read: " + e;
        }
    }

    private static boolean same(String mode, String expected, String actual) {
        switch (mode) {
            case "~" -> {
                if (!expected.startsWith(":") || !actual.startsWith(":")) {
                    return expected.equals(actual);
                }
                return Math.abs(Long.parseLong(expected.substring(1)) - Long.parseLong(actual.substring(1))) <= 1000;
            }
            case "sort" -> {
                return sorted(expected).equals(sorted(actual));
            }
            case "scan" -> {
                return CURSOR.matcher(expected).replaceFirst("*[\\$C").equals(CURSOR.matcher(actual).replaceFirst("*[\\$C"));
            }
            case "mask" -> {
                return INTEGER.matcher(expected).replaceAll(":N").equals(INTEGER.matcher(actual).replaceAll(":N"));
            }
            default -> {
                return expected.equals(actual);
            }
        }
    }

    private static List<String> sorted(String array) {
        if (!array.startsWith("*[") || array.length() == 3) {
            return List.of(array);
        }
        List<String> items = new ArrayList<>(Arrays.asList(array.substring(2, array.length() - 1).split(", ")));
        items.sort(null);
        return items;
    }

    private static byte[][] argv(String line) {
        List<byte[]> argv = new ArrayList<>();
        Matcher m = WORD.matcher(line);
        while (m.find()) {
            argv.add(word(m.group()));
        }
        return argv.toArray(new byte[0][]);
    }

    private static byte[] word(String w) {
        long now = System.currentTimeMillis();
        if (w.equals("\"\"")) {
            return new byte[0];
        }
        if (w.startsWith("x:")) {
            return HexFormat.of().parseHex(w.substring(2));
        }
        if (w.startsWith("@ms+")) {
            return String.valueOf(now + Long.parseLong(w.substring(4))).getBytes();
        }
        if (w.startsWith("@s+")) {
            return String.valueOf(now / 1000 + Long.parseLong(w.substring(3))).getBytes();
        }
        if (w.startsWith("\"") && w.endsWith("\"")) {
            return w.substring(1, w.length() - 1).getBytes();
        }
        return w.getBytes();
    }

    private static byte[][] split(String line) {
        return argv(line);
    }

    private static RespConnection selected(RespConnection c) throws IOException {
        c.call("AUTH", Stack.secretKey());
        c.call("SELECT", "9");
        return c;
    }

    /** Authenticated, in database 9 (emptied, with 10) for the script. */
    private static RespConnection prepared(RespConnection c) throws IOException {
        c.call("AUTH", Stack.secretKey());
        c.call("SELECT", "10");
        c.call("FLUSHDB");
        c.call("SELECT", "9");
        c.call("FLUSHDB");
        return c;
    }

    private static RespConnection redisConnection() throws IOException {
        return prepared(redisConnection0());
    }

    private static RespConnection bridgeConnection() throws IOException {
        return prepared(bridgeConnection0());
    }

    private static RespConnection redisConnection0() throws IOException {
        return new RespConnection(redis.address());
    }

    private static RespConnection bridgeConnection0() throws IOException {
        return new RespConnection(Stack.respAddress(0));
    }
}
