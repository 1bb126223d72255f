package io.pgvs3.resp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RespDecoderTest {

    private static final DecoderLimits SMALL = new DecoderLimits(1024, 8, 64, 4096);

    private static List<List<String>> decode(RespDecoder d, String wire) {
        List<byte[][]> out = new ArrayList<>();
        byte[] bytes = wire.getBytes(StandardCharsets.ISO_8859_1);
        d.feed(bytes, 0, bytes.length, out);
        List<List<String>> commands = new ArrayList<>();
        for (byte[][] argv : out) {
            List<String> args = new ArrayList<>();
            for (byte[] a : argv) {
                args.add(new String(a, StandardCharsets.ISO_8859_1));
            }
            commands.add(args);
        }
        return commands;
    }

    private static List<List<String>> decode(String wire) {
        return decode(new RespDecoder(DecoderLimits.REDIS), wire);
    }

    private static String errorOf(String wire) {
        RespDecoder d = new RespDecoder(SMALL);
        decode(d, wire);
        return d.error();
    }

    @Test
    void multibulkCommandsManyPerRead() {
        assertEquals(List.of(List.of("SET", "k", "v"), List.of("GET", "k")),
                decode("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$1\r\nv\r\n*2\r\n$3\r\nGET\r\n$1\r\nk\r\n"));
    }

    @Test
    void bulksAreBinaryAndMayBeEmpty() {
        assertEquals(List.of(List.of("SET", "", "a\r\nb\u0000")), decode("*3\r\n$3\r\nSET\r\n$0\r\n\r\n$5\r\na\r\nb\u0000\r\n"));
    }

    @Test
    void framesSplitAtEveryByteDecodeTheSame() {
        String wire = "*2\r\n$4\r\nECHO\r\n$11\r\nhello world\r\nPING\r\n*1\r\n$4\r\nPING\r\n";
        RespDecoder d = new RespDecoder(DecoderLimits.REDIS);
        List<byte[][]> out = new ArrayList<>();
        for (byte b : wire.getBytes(StandardCharsets.ISO_8859_1)) {
            assertTrue(d.feed(new byte[] {b}, 0, 1, out));
        }
        assertEquals(3, out.size());
        assertArrayEquals("hello world".getBytes(StandardCharsets.US_ASCII), out.get(0)[1]);
        assertArrayEquals("PING".getBytes(StandardCharsets.US_ASCII), out.get(1)[0]);
    }

    @Test
    void inlineCommandsSplitLikeRedis() {
        assertEquals(List.of(List.of("SET", "a b", "it's", "\n\u00ff")),
                decode("SET \"a b\" 'it\\'s' \"\\n\\xff\"\r\n"));
        assertEquals(List.of(List.of("PING")), decode("  PING  \n"));
        assertEquals(List.of(), decode("\r\n   \r\n"), "blank lines are no command");
    }

    @Test
    void emptyAndNegativeMultibulkAreSkipped() {
        assertEquals(List.of(List.of("PING")), decode("*0\r\n*-1\r\n*1\r\n$4\r\nPING\r\n"));
    }

    @Test
    void protocolErrorsUseRedisTexts() {
        assertEquals("ERR Protocol error: invalid multibulk length", errorOf("*x\r\n"));
        assertEquals("ERR Protocol error: invalid multibulk length", errorOf("*9\r\n"), "over the args cap");
        assertEquals("ERR Protocol error: invalid bulk length", errorOf("*1\r\n$-5\r\n"));
        assertEquals("ERR Protocol error: invalid bulk length", errorOf("*1\r\n$2000\r\n"), "over the bulk cap");
        assertEquals("ERR Protocol error: expected '$', got '*'", errorOf("*2\r\n*3\r\n"));
        assertEquals("ERR Protocol error: expected '$', got ':'", errorOf("*1\r\n:1\r\n"));
        assertEquals("ERR Protocol error: unbalanced quotes in request", errorOf("GET \"a\r\n"));
        assertEquals("ERR Protocol error: unbalanced quotes in request", errorOf("GET \"a\"b\r\n"));
        assertEquals("ERR Protocol error: too big inline request", errorOf("x".repeat(100)));
        assertEquals("ERR Protocol error: too big mbulk count string", errorOf("*" + "1".repeat(100)));
        assertEquals("ERR Protocol error: too big bulk count string", errorOf("*1\r\n$" + "1".repeat(100)));
        assertEquals("ERR Protocol error: invalid multibulk length", errorOf("*01\r\n"), "no leading zeros");
    }

    @Test
    void commandsBeforeAnErrorStillComeOut() {
        RespDecoder d = new RespDecoder(SMALL);
        List<List<String>> out = decode(d, "PING\r\n*1\r\n$x\r\nPING\r\n");
        assertEquals(List.of(List.of("PING")), out);
        assertFalse(d.feed(new byte[] {'*'}, 0, 1, new ArrayList<>()), "nothing after an error");
    }

    @Test
    void requestCapCountsEveryBulkOfOneCommand() {
        RespDecoder d = new RespDecoder(new DecoderLimits(1000, 8, 64, 1500));
        decode(d, "*2\r\n$1000\r\n" + "a".repeat(1000) + "\r\n$1000\r\n");
        assertEquals("ERR Protocol error: request exceeds the maximum query buffer length", d.error());
    }

    @Test
    void aHugeDeclaredBulkAllocatesOnlyWhatArrives() {
        RespDecoder d = new RespDecoder(DecoderLimits.REDIS);
        List<byte[][]> out = new ArrayList<>();
        byte[] head = "*1\r\n$536870912\r\nabc".getBytes(StandardCharsets.US_ASCII);
        assertTrue(d.feed(head, 0, head.length, out));
        assertTrue(out.isEmpty());
        assertNull(d.error());
    }
}
