package io.pgvs3.s3.io;

import io.pgvs3.s3.auth.AuthException;
import io.pgvs3.s3.auth.AuthFailure;
import io.pgvs3.s3.auth.ChunkSigner;
import io.pgvs3.s3.auth.PayloadMode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Decodes an {@code aws-chunked} body: {@code <hex-size>[;chunk-signature=<sig>]\r\n<data>\r\n}
 * repeated, a zero-size final chunk, then optional trailer lines and a blank line. Only data bytes
 * come out. A chunk is hashed as it streams through and its signature is checked the moment its
 * last byte is read, before that read returns; so the reader sees EOF only after every signature,
 * and the trailer signature, verified (skips read through, so skipped chunks are verified too).
 * Memory stays at a few small buffers whatever the chunk size.
 */
public final class AwsChunkedInputStream extends ReadThroughInputStream {
    /** Longest framing or trailer line accepted; real ones are under 100 bytes. */
    public static final int MAX_LINE_LENGTH = 4096;
    /** Cap on all trailer lines together; a few checksums need far less. */
    public static final int MAX_TRAILER_BYTES = 16 * 1024;
    private static final String TRAILER_SIGNATURE = "x-amz-trailer-signature";
    private static final String SIGNATURE_EXTENSION = "chunk-signature=";

    private enum State { HEADER, DATA, DONE }

    private final PayloadMode mode;
    private final ChunkSigner signer;
    private final long expectedLength;
    private final MessageDigest digest;
    private String previousSignature;
    private String chunkSignature;
    private long remaining;
    private long decoded;
    private State state = State.HEADER;
    private AuthException failure;
    private Map<String, String> trailers = Map.of();

    /** Decodes without checking the total against {@code x-amz-decoded-content-length}. */
    public AwsChunkedInputStream(InputStream in, PayloadMode mode, ChunkSigner signer) {
        this(in, mode, signer, -1);
    }

    /**
     * @param signer              the chain from {@link io.pgvs3.s3.auth.VerifiedRequest#chunkSigner()};
     *                            required exactly when {@code mode.signedChunks()}
     * @param decodedContentLength the declared {@code x-amz-decoded-content-length}, or -1 if unknown
     */
    public AwsChunkedInputStream(InputStream in, PayloadMode mode, ChunkSigner signer, long decodedContentLength) {
        super(Objects.requireNonNull(in));
        this.mode = Objects.requireNonNull(mode);
        if (!mode.streaming()) {
            throw new IllegalArgumentException(mode + " is not an aws-chunked mode");
        }
        if (mode.signedChunks() != (signer != null)) {
            throw new IllegalArgumentException(mode + (signer == null ? " needs" : " takes no") + " ChunkSigner");
        }
        this.signer = signer;
        this.previousSignature = signer == null ? null : signer.seedSignature();
        this.expectedLength = decodedContentLength;
        this.digest = signer == null ? null : sha256();
    }

    /** Trailing headers (lower-case names, signature line excluded); complete only after EOF. */
    public Map<String, String> trailers() {
        return trailers;
    }

    /** Data bytes handed out so far. */
    public long decodedLength() {
        return decoded;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (failure != null) {
            throw failure;
        }
        if (len == 0) {
            return 0;
        }
        try {
            while (state == State.HEADER) {
                readChunkHeader();
            }
            if (state == State.DONE) {
                return -1;
            }
            int n = in.read(b, off, (int) Math.min(len, remaining));
            if (n < 0) {
                throw new AuthException(AuthFailure.INCOMPLETE_BODY);
            }
            if (digest != null) {
                digest.update(b, off, n);
            }
            remaining -= n;
            decoded += n;
            if (expectedLength >= 0 && decoded > expectedLength) {
                throw new AuthException(AuthFailure.INCOMPLETE_BODY,
                        "The aws-chunked body is longer than x-amz-decoded-content-length.");
            }
            if (remaining == 0) {
                finishChunk();
            }
            return n;
        } catch (AuthException e) {
            failure = e;
            throw e;
        }
    }

    @Override
    public int available() throws IOException {
        return state == State.DATA ? (int) Math.min(in.available(), remaining) : 0;
    }

    private void readChunkHeader() throws IOException {
        String line = BoundedLineReader.readLine(in, MAX_LINE_LENGTH, false);
        int semi = line.indexOf(';');
        remaining = parseSize(semi < 0 ? line : line.substring(0, semi));
        chunkSignature = null;
        if (semi >= 0) {
            for (String extension : line.substring(semi + 1).split(";")) {
                if (extension.startsWith(SIGNATURE_EXTENSION)) {
                    if (chunkSignature != null) {
                        throw malformed("Repeated chunk-signature.");
                    }
                    chunkSignature = extension.substring(SIGNATURE_EXTENSION.length());
                }
            }
        }
        if (signer != null && chunkSignature == null) {
            throw malformed("A chunk has no chunk-signature.");
        }
        if (remaining == 0) {
            verifyChunk();
            readTrailers();
            state = State.DONE;
        } else {
            state = State.DATA;
        }
    }

    private static long parseSize(String hex) {
        if (hex.isEmpty() || hex.length() > 16) {
            throw malformed("Invalid chunk size \"" + abbreviate(hex) + "\".");
        }
        for (int i = 0; i < hex.length(); i++) {
            if (Character.digit(hex.charAt(i), 16) < 0) {
                throw malformed("Invalid chunk size \"" + abbreviate(hex) + "\".");
            }
        }
        try {
            return Long.parseLong(hex, 16);
        } catch (NumberFormatException e) {
            throw malformed("Chunk size out of range.");
        }
    }

    /** After a chunk's data: its CRLF, then its signature, before the caller gets the last bytes. */
    private void finishChunk() throws IOException {
        int cr = in.read();
        int lf = cr < 0 ? -1 : in.read();
        if (cr < 0 || lf < 0) {
            throw new AuthException(AuthFailure.INCOMPLETE_BODY);
        }
        if (cr != '\r' || lf != '\n') {
            throw malformed("Chunk data is not followed by CRLF.");
        }
        verifyChunk();
        state = State.HEADER;
    }

    private void verifyChunk() {
        if (signer != null) {
            previousSignature = signer.verifyChunk(previousSignature, digest.digest(), chunkSignature);
        }
    }

    private void readTrailers() throws IOException {
        Map<String, String> found = new LinkedHashMap<>();
        String signature = null;
        int total = 0;
        boolean blankLineSeen = false;
        while (true) {
            // Some clients end the body right after the last line; the blank line is optional then.
            String line = BoundedLineReader.readLine(in, MAX_LINE_LENGTH, true);
            if (line == null || line.isEmpty()) {
                blankLineSeen = line != null;
                break;
            }
            total += line.length() + 2;
            if (total > MAX_TRAILER_BYTES) {
                throw malformed("Trailing headers are larger than " + MAX_TRAILER_BYTES + " bytes.");
            }
            if (!mode.hasTrailer()) {
                throw malformed("Trailing headers are not allowed with " + mode.wireValue() + ".");
            }
            int colon = line.indexOf(':');
            if (colon <= 0 || signature != null) {
                throw malformed("Malformed trailing header line.");
            }
            String name = line.substring(0, colon).strip().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).strip(); // also the LF before CRLF of AWS's own example
            if (hasControlCharacter(name) || hasControlCharacter(value)) {
                throw malformed("Malformed trailing header line.");
            }
            if (name.equals(TRAILER_SIGNATURE)) {
                signature = value;
            } else if (found.put(name, value) != null) {
                throw malformed("Repeated trailing header " + name + ".");
            }
        }
        if (mode == PayloadMode.STREAMING_SIGNED_TRAILER) {
            signer.verifyTrailer(previousSignature, sha256().digest(canonicalTrailers(found)), signature);
        }
        if (expectedLength >= 0 && decoded != expectedLength) {
            throw new AuthException(AuthFailure.INCOMPLETE_BODY,
                    "The aws-chunked body does not match x-amz-decoded-content-length.");
        }
        if (blankLineSeen && in.read() >= 0) {
            throw malformed("Data after the end of the aws-chunked body.");
        }
        trailers = Map.copyOf(found);
    }

    /**
     * A control character other than tab inside a name or value. A bare LF would join two trailers into
     * one line whose canonical form is byte for byte that of the two, so the signature would verify a
     * header the client never sent (found by AwsChunkedPropertyTest); HTTP allows neither CR nor LF in
     * a field.
     */
    private static boolean hasControlCharacter(String field) {
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c < 0x20 && c != '\t' || c == 0x7f) {
                return true;
            }
        }
        return false;
    }

    /** {@code name:value\n} per trailer in name order: what the SDKs hash for the trailer signature. */
    private static byte[] canonicalTrailers(Map<String, String> trailers) {
        StringBuilder out = new StringBuilder();
        new TreeMap<>(trailers).forEach((k, v) -> out.append(k).append(':').append(v).append('\n'));
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static AuthException malformed(String message) {
        return new AuthException(AuthFailure.MALFORMED_CHUNK, message);
    }

    private static String abbreviate(String s) {
        return s.length() <= 20 ? s : s.substring(0, 20) + "...";
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
