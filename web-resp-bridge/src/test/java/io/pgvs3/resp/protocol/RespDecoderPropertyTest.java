package io.pgvs3.resp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.property.Bytes;
import io.pgvs3.property.Gen;
import io.pgvs3.property.Property;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The RESP decoder over valid, damaged and arbitrary bytes, fed as the network would hand them over: it
 * never throws, reports only protocol errors, keeps every cap (bulk, argument count, inline line, request
 * size), decides the same whatever the read boundaries (so a partial frame only ever waits), gives back
 * every command it was sent, and allocates about what arrived, not what a length line declares.
 */
class RespDecoderPropertyTest {

    private static final DecoderLimits SMALL = new DecoderLimits(4096, 64, 256, 16_384);
    /** Small caps bound the buffers; this covers them, the copies of the arguments and the lists. */
    private static final long SMALL_ALLOCATION_CAP = 4 << 20;

    /** The outcome of feeding a whole input: the commands and the error, if any. */
    private record Decoded(List<byte[][]> commands, String error) {
    }

    private record Split(byte[] input, long readSeed) {
        @Override
        public String toString() {
            return io.pgvs3.property.Inputs.describe(input) + " read with seed " + readSeed;
        }
    }

    @Test
    void anyInputDecodesWithinTheCapsOrEndsInAProtocolError() {
        Property.forAll(split(anyInput())).tries(2000).maxAllocatedBytesPerTry(SMALL_ALLOCATION_CAP).check(s -> {
            Decoded decoded = feedInPieces(new RespDecoder(SMALL), s.input(), new Random(s.readSeed()));
            if (decoded.error() != null) {
                assertTrue(decoded.error().startsWith("ERR Protocol error: "), decoded.error());
            }
            long argumentBytes = 0;
            for (byte[][] argv : decoded.commands()) {
                assertTrue(argv.length >= 1 && argv.length <= Math.max(SMALL.maxArgs(), SMALL.maxInline()));
                long commandBytes = 0;
                for (byte[] arg : argv) {
                    assertTrue(arg.length <= SMALL.maxBulk());
                    commandBytes += arg.length;
                }
                assertTrue(commandBytes <= SMALL.maxRequest());
                argumentBytes += commandBytes;
            }
            assertTrue(argumentBytes <= s.input().length, "more argument bytes than input bytes");
        });
    }

    @Test
    void readBoundariesNeverChangeWhatIsDecoded() {
        Property.forAll(split(anyInput())).tries(2000).check(s -> {
            Decoded whole = feedInPieces(new RespDecoder(SMALL), s.input(), null);
            Decoded pieces = feedInPieces(new RespDecoder(SMALL), s.input(), new Random(s.readSeed()));
            assertEquals(whole.error(), pieces.error());
            assertEquals(whole.commands().size(), pieces.commands().size());
            for (int i = 0; i < whole.commands().size(); i++) {
                assertArrayEquals(whole.commands().get(i), pieces.commands().get(i));
            }
        });
    }

    @Test
    void everyEncodedCommandDecodesToItselfAndAPrefixOnlyWaits() {
        Property.forAll(random -> encode(commands(random, 40))).tries(1000).check(wire -> {
            Decoded all = feedInPieces(new RespDecoder(DecoderLimits.REDIS), wire.bytes(), null);
            assertNull(all.error());
            assertEquals(wire.commands().size(), all.commands().size());
            for (int i = 0; i < all.commands().size(); i++) {
                assertArrayEquals(wire.commands().get(i), all.commands().get(i));
            }
            byte[] prefix = java.util.Arrays.copyOf(wire.bytes(), wire.bytes().length - 1);
            Decoded partial = feedInPieces(new RespDecoder(DecoderLimits.REDIS), prefix, null);
            assertNull(partial.error(), "a partial frame is not an error");
            assertEquals(wire.commands().size() - 1, partial.commands().size(), "the unfinished command waits");
        });
    }

    @Test
    void aDeclaredBulkLengthAloneAllocatesAtMostTheInitialBuffer() {
        Gen<byte[]> declared = random -> ("*2\r\n$" + (1 + random.nextInt(DecoderLimits.REDIS.maxBulk())) + "\r\n"
                + "x".repeat(random.nextInt(100))).getBytes(StandardCharsets.US_ASCII);
        Property.forAll(declared).tries(200).maxAllocatedBytesPerTry(RespDecoder.INITIAL_BULK + (256 << 10))
                .check(input -> {
                    RespDecoder decoder = new RespDecoder(DecoderLimits.REDIS);
                    List<byte[][]> out = new ArrayList<>();
                    assertTrue(decoder.feed(input, 0, input.length, out), "waits for the bulk");
                    assertTrue(out.isEmpty());
                });
    }

    @Test
    void hugeLengthsAndDeepArraysAreRefusedAtOnce() {
        String[] hostile = {"*2147483648\r\n", "*9223372036854775807\r\n", "*1\r\n$9223372036854775807\r\n",
            "*1\r\n$2147483647\r\n", "*1\r\n*1\r\n*1\r\n*1\r\n", "*" + "9".repeat(5000) + "\r\n",
            "*1\r\n$" + "9".repeat(5000) + "\r\n", "\"" + "x".repeat(5000)};
        for (String h : hostile) {
            RespDecoder decoder = new RespDecoder(SMALL);
            byte[] b = h.getBytes(StandardCharsets.US_ASCII);
            assertFalse(decoder.feed(b, 0, b.length, new ArrayList<>()), h.substring(0, Math.min(h.length(), 40)));
        }
    }

    private static Gen<byte[]> anyInput() {
        Gen<byte[]> valid = random -> encode(commands(random, 60)).bytes();
        Gen<byte[]> inline = Bytes.from("GET SET k v \"a\\x41\\n\" 'q\\'' \t\r\n\u0000", 300);
        return Gen.oneOf(Bytes.noise(600), Bytes.from("*$-0123456789\r\n \"'\\x", 300), inline, Bytes.mutated(valid),
                Bytes.mutated(inline), extremeLengths(valid));
    }

    /** Valid frames with one length replaced by an extreme: negative, zero, past a cap, past an int, not a number. */
    private static Gen<byte[]> extremeLengths(Gen<byte[]> valid) {
        Gen<String> extreme = Gen.element("-1", "-2", "0", "65", "4097", "16385", "99999999999", "2147483648",
                "-9223372036854775808", "9223372036854775808", "+1", "01", "", "x", " 1");
        return random -> {
            String frames = new String(valid.next(random), StandardCharsets.ISO_8859_1);
            String marker = random.nextBoolean() ? "\\$\\d+" : "\\*\\d+";
            return frames.replaceFirst(marker, (marker.startsWith("\\$") ? "\\$" : "\\*") + extreme.next(random))
                    .getBytes(StandardCharsets.ISO_8859_1);
        };
    }

    private static List<byte[][]> commands(Random random, int maxArgLength) {
        List<byte[][]> commands = new ArrayList<>();
        for (int c = 1 + random.nextInt(4); c > 0; c--) {
            byte[][] argv = new byte[1 + random.nextInt(5)][];
            for (int a = 0; a < argv.length; a++) {
                argv[a] = new byte[random.nextInt(maxArgLength)];
                random.nextBytes(argv[a]);
            }
            commands.add(argv);
        }
        return commands;
    }

    private record Wire(List<byte[][]> commands, byte[] bytes) {
        @Override
        public String toString() {
            return io.pgvs3.property.Inputs.describe(bytes);
        }
    }

    private static Wire encode(List<byte[][]> commands) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[][] argv : commands) {
            out.writeBytes(("*" + argv.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            for (byte[] arg : argv) {
                out.writeBytes(("$" + arg.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
                out.writeBytes(arg);
                out.writeBytes(new byte[] {'\r', '\n'});
            }
        }
        return new Wire(commands, out.toByteArray());
    }

    private static Gen<Split> split(Gen<byte[]> inputs) {
        return random -> new Split(inputs.next(random), random.nextLong());
    }

    /** Feeds {@code input} in pieces of random sizes (or whole when {@code reads} is null) until an error. */
    private static Decoded feedInPieces(RespDecoder decoder, byte[] input, Random reads) {
        List<byte[][]> out = new ArrayList<>();
        int pos = 0;
        while (pos < input.length) {
            int n = reads == null ? input.length : Math.min(input.length - pos, 1 + reads.nextInt(64));
            if (!decoder.feed(input, pos, n, out)) {
                break;
            }
            pos += n;
        }
        return new Decoded(out, decoder.error());
    }
}
