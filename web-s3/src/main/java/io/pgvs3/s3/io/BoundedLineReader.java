package io.pgvs3.s3.io;

import io.pgvs3.s3.auth.AuthException;
import io.pgvs3.s3.auth.AuthFailure;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads CRLF-terminated framing lines with a hard length cap, so a hostile client cannot make the
 * decoder buffer an endless "line". Lines are ASCII by protocol; ISO-8859-1 maps bytes 1:1.
 */
final class BoundedLineReader {
    private BoundedLineReader() {
    }

    /**
     * @param eofMeansNone whether a clean end of stream before the first byte returns null instead
     *                     of failing (used where the last blank line may be omitted)
     * @return the line without its CRLF; a bare LF is kept as content (one AWS example has one)
     */
    static String readLine(InputStream in, int maxLength, boolean eofMeansNone) throws IOException {
        byte[] buf = new byte[Math.min(maxLength, 128)];
        int len = 0;
        while (true) {
            int c = in.read();
            if (c < 0) {
                if (len == 0 && eofMeansNone) {
                    return null;
                }
                throw new AuthException(AuthFailure.INCOMPLETE_BODY, "The aws-chunked body ended inside a line.");
            }
            if (c == '\r') {
                int lf = in.read();
                if (lf < 0) {
                    throw new AuthException(AuthFailure.INCOMPLETE_BODY, "The aws-chunked body ended inside a line.");
                }
                if (lf != '\n') {
                    throw new AuthException(AuthFailure.MALFORMED_CHUNK, "CR not followed by LF in aws-chunked framing.");
                }
                return new String(buf, 0, len, StandardCharsets.ISO_8859_1);
            }
            if (len == maxLength) {
                throw new AuthException(AuthFailure.MALFORMED_CHUNK,
                        "An aws-chunked framing line is longer than " + maxLength + " bytes.");
            }
            if (len == buf.length) {
                buf = Arrays.copyOf(buf, Math.min(maxLength, buf.length * 2));
            }
            buf[len++] = (byte) c;
        }
    }
}
