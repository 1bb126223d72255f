package io.pgvs3.resp.protocol;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Hostile input: random bytes, truncated and mutated valid frames, huge declared lengths, nested arrays.
 * The decoder must always return promptly, never allocate past its caps, and either decode, wait for
 * more, or report a protocol error — never throw.
 */
class RespDecoderFuzzTest {

    private static final DecoderLimits LIMITS = new DecoderLimits(1 << 20, 1024, 4096, 4L << 20);
    private static final long SEED = 0x70677673L;

    @Test
    void randomAndMutatedFramesNeverHangThrowOrGrowPastTheCaps() {
        Random random = new Random(SEED);
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            for (int round = 0; round < 20_000; round++) {
                byte[] input = random.nextInt(3) == 0 ? randomBytes(random) : mutated(random, validFrames(random));
                RespDecoder decoder = new RespDecoder(LIMITS);
                List<byte[][]> out = new ArrayList<>();
                int pos = 0;
                while (pos < input.length) {
                    int n = Math.min(input.length - pos, 1 + random.nextInt(64));
                    if (!decoder.feed(input, pos, n, out)) {
                        assertTrue(decoder.error().startsWith("ERR Protocol error: "), decoder.error());
                        break;
                    }
                    pos += n;
                }
                long decodedBytes = out.stream().mapToLong(argv -> {
                    long sum = 0;
                    for (byte[] a : argv) {
                        assertTrue(a.length <= LIMITS.maxBulk());
                        sum += a.length;
                    }
                    return sum;
                }).sum();
                assertTrue(decodedBytes <= input.length, "never more argument bytes than input bytes");
            }
        });
    }

    @Test
    void hugeLengthsAndDeepArraysAreRefusedAtOnce() {
        String[] hostile = {"*2147483648\r\n", "*9223372036854775807\r\n", "*1\r\n$9223372036854775807\r\n",
            "*1\r\n$2147483647\r\n", "*1\r\n*1\r\n*1\r\n*1\r\n", "*" + "9".repeat(5000) + "\r\n",
            "*1\r\n$" + "9".repeat(5000) + "\r\n", "\"" + "x".repeat(5000)};
        for (String h : hostile) {
            RespDecoder decoder = new RespDecoder(LIMITS);
            byte[] b = h.getBytes(StandardCharsets.US_ASCII);
            assertTrue(!decoder.feed(b, 0, b.length, new ArrayList<>()), h.substring(0, Math.min(h.length(), 40)));
        }
    }

    private static byte[] randomBytes(Random random) {
        byte[] b = new byte[random.nextInt(512)];
        random.nextBytes(b);
        return b;
    }

    private static byte[] validFrames(Random random) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = random.nextInt(5); i >= 0; i--) {
            int args = 1 + random.nextInt(4);
            out.writeBytes(("*" + args + "\r\n").getBytes(StandardCharsets.US_ASCII));
            for (int a = 0; a < args; a++) {
                byte[] value = new byte[random.nextInt(40)];
                random.nextBytes(value);
                out.writeBytes(("$" + value.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
                out.writeBytes(value);
                out.writeBytes(new byte[] {'\r', '\n'});
            }
        }
        return out.toByteArray();
    }

    /** Truncates, flips bytes, or splices in a length of some extreme. */
    private static byte[] mutated(Random random, byte[] frames) {
        byte[] b = frames.clone();
        switch (random.nextInt(4)) {
            case 0 -> {
                return java.util.Arrays.copyOf(b, random.nextInt(b.length + 1));
            }
            case 1 -> {
                for (int i = 0; i < 1 + random.nextInt(4) && b.length > 0; i++) {
                    b[random.nextInt(b.length)] = (byte) random.nextInt(256);
                }
                return b;
            }
            case 2 -> {
                String[] extremes = {"-1", "0", "99999999999", "-9223372036854775808", "2147483647", "x", ""};
                String s = new String(b, StandardCharsets.ISO_8859_1)
                        .replaceFirst("\\$\\d+", "\\$" + extremes[random.nextInt(extremes.length)]);
                return s.getBytes(StandardCharsets.ISO_8859_1);
            }
            default -> {
                return b;
            }
        }
    }
}
