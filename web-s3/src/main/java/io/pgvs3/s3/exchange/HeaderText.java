package io.pgvs3.s3.exchange;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Header values as the client sent them. Liberty hands the servlet each header byte as one ISO-8859-1
 * character, but SDKs send non-ASCII values (user metadata such as {@code Grüße}) as UTF-8 and sign
 * those UTF-8 bytes. A value whose bytes are well-formed UTF-8 is decoded as such, so SigV4 hashes
 * exactly the bytes that crossed the wire and the store keeps the text the client meant.
 */
final class HeaderText {

    private HeaderText() {
    }

    static String fromWire(String value) {
        if (value == null || isAscii(value)) {
            return value;
        }
        byte[] bytes = new byte[value.length()];
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c > 0xff) {
                return value; // not one byte per character: the container already decoded it
            }
            bytes[i] = (byte) c;
        }
        try {
            CharBuffer decoded = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes));
            return decoded.toString();
        } catch (CharacterCodingException e) {
            return value; // ISO-8859-1 text after all: the signature is over these bytes as they are
        }
    }

    private static boolean isAscii(String value) {
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }
}
