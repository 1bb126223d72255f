package io.pgvs3.store.kv;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;

/**
 * Binary Redis keys in a {@code text} column. A key that is valid UTF-8 without NUL is stored as that
 * text, so keys stay readable in SQL; any other key (and one that starts with the escape mark, so the
 * mapping stays one-to-one) is stored as U+FFFE followed by its bytes in hex.
 */
final class KvKeys {

    private static final char ESCAPE = '\uFFFE';
    private static final HexFormat HEX = HexFormat.of();

    private KvKeys() {
    }

    static String encode(byte[] key) {
        if (isPlainAscii(key)) {
            return new String(key, StandardCharsets.ISO_8859_1);
        }
        String text = strictUtf8(key);
        if (text == null || text.indexOf('\0') >= 0 || (!text.isEmpty() && text.charAt(0) == ESCAPE)) {
            return ESCAPE + HEX.formatHex(key);
        }
        return text;
    }

    static byte[] decode(String stored) {
        if (!stored.isEmpty() && stored.charAt(0) == ESCAPE) {
            return HEX.parseHex(stored, 1, stored.length());
        }
        return stored.getBytes(StandardCharsets.UTF_8);
    }

    static String[] encodeAll(List<byte[]> keys) {
        String[] out = new String[keys.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = encode(keys.get(i));
        }
        return out;
    }

    /** The common case, decided without a decoder. */
    private static boolean isPlainAscii(byte[] key) {
        for (byte b : key) {
            if (b <= 0) {
                return false;
            }
        }
        return true;
    }

    private static String strictUtf8(byte[] key) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(key)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
