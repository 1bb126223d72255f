package io.pgvs3.s3.io;

import io.pgvs3.s3.auth.ChunkSigner;
import io.pgvs3.s3.auth.PayloadMode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes aws-chunked bodies the way the SDKs do, for any payload split, mode and trailer set: the encoder
 * that the decoder's properties check against. Signatures come from a {@link ChunkSigner}, so the chain is
 * the real one.
 */
final class ChunkedWire {

    /** An arbitrary but fixed signing key and seed: the decoder only needs the chain to be consistent. */
    static final ChunkSigner SIGNER = new ChunkSigner(new byte[32], "20130524T000000Z",
            "20130524/us-east-1/s3/aws4_request", "4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9");

    private ChunkedWire() {
    }

    /** The framing of {@code chunks} (a last empty chunk is added) and {@code trailers}, hex sizes as given. */
    static byte[] encode(PayloadMode mode, List<byte[]> chunks, Map<String, String> trailers, boolean upperHex) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String previous = SIGNER.seedSignature();
        for (byte[] chunk : chunks) {
            previous = writeChunk(out, mode, previous, chunk, upperHex);
        }
        previous = writeChunk(out, mode, previous, new byte[0], upperHex);
        StringBuilder canonical = new StringBuilder();
        new TreeMap<>(trailers).forEach((name, value) -> {
            ascii(out, name + ":" + value + "\r\n");
            canonical.append(name).append(':').append(value).append('\n');
        });
        if (mode == PayloadMode.STREAMING_SIGNED_TRAILER) {
            String signature = SIGNER.trailerSignature(previous, sha256(canonical.toString().getBytes(StandardCharsets.UTF_8)));
            ascii(out, "x-amz-trailer-signature:" + signature + "\r\n");
        }
        ascii(out, "\r\n");
        return out.toByteArray();
    }

    private static String writeChunk(ByteArrayOutputStream out, PayloadMode mode, String previous, byte[] data,
                                     boolean upperHex) {
        String size = Integer.toHexString(data.length);
        String line = upperHex ? size.toUpperCase(Locale.ROOT) : size;
        String signature = null;
        if (mode.signedChunks()) {
            signature = SIGNER.chunkSignature(previous, sha256(data));
            line += ";chunk-signature=" + signature;
        }
        ascii(out, line + "\r\n");
        out.writeBytes(data);
        if (data.length > 0) {
            ascii(out, "\r\n");
        }
        return signature;
    }

    private static void ascii(ByteArrayOutputStream out, String s) {
        out.writeBytes(s.getBytes(StandardCharsets.ISO_8859_1));
    }

    static byte[] sha256(byte[] data) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(data);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
