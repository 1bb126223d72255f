package io.pgvs3.s3.auth;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * AWS's UriEncode and its inverse. Canonical forms are built from bytes, not Java strings, so a
 * key holding any byte sequence signs the way the client's SDK encoded it.
 */
final class UriEncoding {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private UriEncoding() {
    }

    /**
     * Percent-decodes to bytes. {@code +} stays a plus: SDKs encode a space as {@code %20}, and S3
     * signs a literal {@code +} as {@code %2B}. A {@code %} not followed by two hex digits is kept
     * literally; the signature then simply fails to match instead of the request failing oddly.
     */
    static byte[] decode(String raw) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length());
        int i = 0;
        while (i < raw.length()) {
            char c = raw.charAt(i);
            if (c == '%' && i + 2 < raw.length() && isHex(raw.charAt(i + 1)) && isHex(raw.charAt(i + 2))) {
                out.write(Integer.parseInt(raw, i + 1, i + 3, 16));
                i += 3;
            } else {
                int end = i + 1;
                while (end < raw.length() && raw.charAt(end) != '%') {
                    end++;
                }
                byte[] plain = raw.substring(i, end).getBytes(StandardCharsets.UTF_8);
                out.write(plain, 0, plain.length);
                i = end;
            }
        }
        return out.toByteArray();
    }

    /** UriEncode: keeps {@code A-Za-z0-9-._~} and escapes every other byte, {@code /} included, upper-case. */
    static String encode(byte[] bytes) {
        return encode(bytes, false);
    }

    /** UriEncode for an object path: like {@link #encode(byte[])} but {@code /} stays a separator. */
    static String encodePath(byte[] bytes) {
        return encode(bytes, true);
    }

    private static String encode(byte[] bytes, boolean keepSlash) {
        StringBuilder out = new StringBuilder(bytes.length + 16);
        for (byte b : bytes) {
            int c = b & 0xff;
            if (isUnreserved(c) || (keepSlash && c == '/')) {
                out.append((char) c);
            } else {
                out.append('%').append(HEX[c >> 4]).append(HEX[c & 0xf]);
            }
        }
        return out.toString();
    }

    /** Whether {@code encodePath(decode(raw))} is {@code raw}: it holds only unreserved characters and {@code /}. */
    static boolean isEncodedPath(String raw) {
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (!isUnreserved(c) && c != '/') {
                return false;
            }
        }
        return true;
    }

    private static boolean isUnreserved(int c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                || c == '-' || c == '.' || c == '_' || c == '~';
    }

    private static boolean isHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }
}
