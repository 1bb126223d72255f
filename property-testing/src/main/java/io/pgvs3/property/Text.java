package io.pgvs3.property;

/** Strings for header and query parsers: from a grammar's alphabet, or any UTF-16 units at all. */
public final class Text {

    private Text() {
    }

    /** Characters of {@code alphabet} only, up to {@code maxLength}. */
    public static Gen<String> from(String alphabet, int maxLength) {
        return random -> {
            char[] c = new char[random.nextInt(maxLength + 1)];
            for (int i = 0; i < c.length; i++) {
                c[i] = alphabet.charAt(random.nextInt(alphabet.length()));
            }
            return new String(c);
        };
    }

    /** Any UTF-16 code units, lone surrogates and controls included, mostly from the first 256. */
    public static Gen<String> any(int maxLength) {
        return random -> {
            char[] c = new char[random.nextInt(maxLength + 1)];
            for (int i = 0; i < c.length; i++) {
                c[i] = (char) (random.nextInt(4) == 0 ? random.nextInt(0x10000) : random.nextInt(256));
            }
            return new String(c);
        };
    }
}
