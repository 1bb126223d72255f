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

    /** Strict percent-decoding to UTF-8; malformed escapes or bytes are a 400, never a replacement character. */
    public static String decode(String raw) {
        if (raw.indexOf('%') < 0) {
            return raw;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                if (i + 2 >= raw.length()) {
                    throw invalid(raw);
                }
                int hi = Character.digit(raw.charAt(i + 1), 16);
                int lo = Character.digit(raw.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    throw invalid(raw);
                }
                bytes.write(hi << 4 | lo);
                i += 2;
            } else {
                byte[] literal = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                if (Character.isHighSurrogate(c) && i + 1 < raw.length()) {
                    literal = raw.substring(i, i + 2).getBytes(StandardCharsets.UTF_8);
                    i++;
                }
                bytes.write(literal, 0, literal.length);
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

    private static S3Exception invalid(String raw) {
        return new S3Exception(S3ErrorCode.INVALID_URI, "Couldn't parse the specified URI.");
    }
}
