package io.pgvs3.s3.io;

import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Wire bodies of AWS's chunked-upload examples, byte for byte, with the signatures AWS prints. */
final class ChunkedBodies {
    static final String SIG1 = "ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648";
    static final String SIG2 = "0055627c9e194cb4542bae2aa5492e3c1575bbb81b612b7d234b86a503ef5497";
    static final String SIG_FINAL = "b6c6ea8a5354eaf15b3cb7646744f4275b71ea724fed81ceb9323e279d449df9";

    static final String TRAILER_SIG1 = "b474d8862b1487a5145d686f57f013e54db672cee1c953b3010fb58501ef5aa2";
    static final String TRAILER_SIG2 = "1c1344b170168f8e65b41376b44b20fe354e373826ccbbe2c1d40a8cae51e5c7";
    static final String TRAILER_SIG_FINAL = "2ca2aba2005185cf7159c6277faf83795951dd77a3a99e6e65d5c9f85863f992";
    static final String TRAILER_SIGNATURE = "d81f82fc3505edab99d459891051a732e8730629a2e4a59689829ca17fe2e435";

    private ChunkedBodies() {
    }

    static byte[] a(int n) {
        byte[] data = new byte[n];
        Arrays.fill(data, (byte) 'a');
        return data;
    }

    /** The chunked-upload page's body: 66,824 bytes. */
    static byte[] chunkedExample(String sig1, String sig2, String sigFinal) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(out, "10000;chunk-signature=" + sig1 + "\r\n");
        out.writeBytes(a(65536));
        write(out, "\r\n400;chunk-signature=" + sig2 + "\r\n");
        out.writeBytes(a(1024));
        write(out, "\r\n0;chunk-signature=" + sigFinal + "\r\n\r\n");
        return out.toByteArray();
    }

    static byte[] chunkedExample() {
        return chunkedExample(SIG1, SIG2, SIG_FINAL);
    }

    /** The trailing-headers page's signed body: 66,946 bytes. */
    static byte[] trailerExample(String trailerLine, String trailerSignature) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(out, "10000;chunk-signature=" + TRAILER_SIG1 + "\r\n");
        out.writeBytes(a(65536));
        write(out, "\r\n400;chunk-signature=" + TRAILER_SIG2 + "\r\n");
        out.writeBytes(a(1024));
        write(out, "\r\n0;chunk-signature=" + TRAILER_SIG_FINAL + "\r\n");
        write(out, trailerLine + "\r\n");
        if (trailerSignature != null) {
            write(out, "x-amz-trailer-signature:" + trailerSignature + "\r\n");
        }
        write(out, "\r\n");
        return out.toByteArray();
    }

    /** The trailing-headers page's unsigned body, including the stray LF AWS prints after the checksum. */
    static byte[] unsignedTrailerExample() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(out, "2000\r\n");
        out.writeBytes(a(8192));
        write(out, "\r\n2000\r\n");
        out.writeBytes(a(8192));
        write(out, "\r\n400\r\n");
        out.writeBytes(a(1024));
        write(out, "\r\n0\r\nx-amz-checksum-crc32:s3SFCQ==\n\r\n\r\n");
        return out.toByteArray();
    }

    static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static void write(ByteArrayOutputStream out, String s) {
        out.writeBytes(ascii(s));
    }

    /** Hands out at most {@code max} bytes per read, like a network stream, to move chunk boundaries around. */
    static InputStream trickle(byte[] body, int max) {
        return new FilterInputStream(new java.io.ByteArrayInputStream(body)) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return super.read(b, off, Math.min(len, max));
            }
        };
    }
}
