package io.pgvs3.s3.route;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.error.S3Exception;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Splits a raw path-style request path into bucket and key. The key is data, never a path: it is
 * percent-decoded as strict UTF-8 byte for byte, {@code +} stays {@code +}, and {@code //}, {@code .}
 * and {@code ..} segments are kept as sent (the servlet container's normalized path is never used).
 */
public final class PathParts {

    private PathParts() {
    }

    /** Returns {bucket, key}; either may be null. */
    public static String[] split(String rawPath) {
        String path = rawPath == null ? "" : rawPath;
        if (path.startsWith("/")) {
            path = path.substring(1);
        }
        if (path.isEmpty()) {
            return new String[] {null, null};
        }
        int slash = path.indexOf('/');
        if (slash < 0) {
            return new String[] {decode(path), null};
        }
        String bucket = decode(path.substring(0, slash));
        String rawKey = path.substring(slash + 1);
        return new String[] {bucket, rawKey.isEmpty() ? null : decode(rawKey)};
    }

    /**
     * Strict percent-decoding to UTF-8: every {@code %} starts a {@link PercentEscapes percent-escape}, the
     * bytes must be UTF-8 and the literal text whole characters; anything else is a 400, never a
     * replacement character.
     */
    public static String decode(String raw) {
        if (raw.indexOf('%') < 0 && !hasSurrogate(raw)) {
            return raw;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        int i = 0;
        while (i < raw.length()) {
            if (raw.charAt(i) == '%') {
                if (!PercentEscapes.escapeAt(raw, i)) {
                    throw invalid(raw);
                }
                int hi = PercentEscapes.hexDigit(raw.charAt(i + 1));
                bytes.write(hi << 4 | PercentEscapes.hexDigit(raw.charAt(i + 2)));
                i += 3;
            } else {
                int codePoint = raw.codePointAt(i);
                if (Character.getType(codePoint) == Character.SURROGATE) {
                    throw invalid(raw); // half of a pair: no character to encode
                }
                byte[] literal = Character.toString(codePoint).getBytes(StandardCharsets.UTF_8);
                bytes.write(literal, 0, literal.length);
                i += Character.charCount(codePoint);
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray()))
                    .toString();
        } catch (CharacterCodingException e) {
            throw invalid(raw);
        }
    }

    private static boolean hasSurrogate(String raw) {
        for (int i = 0; i < raw.length(); i++) {
            if (Character.isSurrogate(raw.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    private static S3Exception invalid(String raw) {
        return new S3Exception(S3ErrorCode.INVALID_URI, "Couldn't parse the specified URI.");
    }
}
