package io.pgvs3.property;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Random;

/** Byte strings for parsers of hostile input: random noise, and valid documents damaged a little. */
public final class Bytes {

    private Bytes() {
    }

    /** Uniform random bytes, up to {@code maxLength} of them. */
    public static Gen<byte[]> noise(int maxLength) {
        return random -> {
            byte[] b = new byte[random.nextInt(maxLength + 1)];
            random.nextBytes(b);
            return b;
        };
    }

    /** Random bytes from {@code alphabet} only, up to {@code maxLength}: noise that looks like the grammar. */
    public static Gen<byte[]> from(String alphabet, int maxLength) {
        return random -> {
            byte[] b = new byte[random.nextInt(maxLength + 1)];
            for (int i = 0; i < b.length; i++) {
                b[i] = (byte) alphabet.charAt(random.nextInt(alphabet.length()));
            }
            return b;
        };
    }

    /** A valid input from {@code valid} with one to three damages: each a flip, cut, insert, delete or copy. */
    public static Gen<byte[]> mutated(Gen<byte[]> valid) {
        return random -> {
            byte[] b = valid.next(random);
            for (int i = random.nextInt(3); i >= 0; i--) {
                b = mutate(random, b);
            }
            return b;
        };
    }

    /** One damage to {@code b} (a new array; {@code b} is left as it is). */
    public static byte[] mutate(Random random, byte[] b) {
        if (b.length == 0) {
            return new byte[] {(byte) random.nextInt(256)};
        }
        int at = random.nextInt(b.length);
        return switch (random.nextInt(6)) {
            case 0 -> {
                byte[] flipped = b.clone();
                flipped[at] ^= (byte) (1 << random.nextInt(8));
                yield flipped;
            }
            case 1 -> {
                byte[] replaced = b.clone();
                replaced[at] = (byte) random.nextInt(256);
                yield replaced;
            }
            case 2 -> Arrays.copyOf(b, at);
            case 3 -> splice(b, at, at, randomRun(random));
            case 4 -> splice(b, at, Math.min(b.length, at + 1 + random.nextInt(16)), new byte[0]);
            default -> {
                int from = random.nextInt(b.length);
                int to = Math.min(b.length, from + 1 + random.nextInt(64));
                yield splice(b, at, at, Arrays.copyOfRange(b, from, to));
            }
        };
    }

    private static byte[] randomRun(Random random) {
        byte[] run = new byte[1 + random.nextInt(8)];
        random.nextBytes(run);
        return run;
    }

    /** {@code b} with {@code [from, to)} replaced by {@code insert}. */
    private static byte[] splice(byte[] b, int from, int to, byte[] insert) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(b.length + insert.length);
        out.write(b, 0, from);
        out.writeBytes(insert);
        out.write(b, to, b.length - to);
        return out.toByteArray();
    }
}
