package io.pgvs3.bench.sol;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Sizes as the command line writes them: 512KiB, 10MiB, 1GiB (binary units), or plain bytes. */
public final class ByteSize {
    private static final Pattern SIZE = Pattern.compile("([0-9]+)(B|KiB|MiB|GiB)?");

    private ByteSize() {
    }

    public static long parse(String text) {
        Matcher m = SIZE.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("a size looks like 10MiB, 1GiB or 4096, not '" + text + "'");
        }
        int shift = switch (m.group(2) == null ? "B" : m.group(2)) {
            case "KiB" -> 10;
            case "MiB" -> 20;
            case "GiB" -> 30;
            default -> 0;
        };
        return Math.multiplyExact(Long.parseLong(m.group(1)), 1L << shift);
    }

    /** The short label case names use: 10m, 256m, 1g, 512k, 100b. */
    public static String label(long bytes) {
        String[] units = {"g", "m", "k"};
        int[] shifts = {30, 20, 10};
        for (int i = 0; i < units.length; i++) {
            if (bytes >= 1L << shifts[i] && bytes % (1L << shifts[i]) == 0) {
                return (bytes >> shifts[i]) + units[i];
            }
        }
        return bytes + "b";
    }
}
