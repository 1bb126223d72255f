package io.pgvs3.s3.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.s3.auth.AuthException;
import io.pgvs3.s3.auth.AuthFailure;
import io.pgvs3.s3.auth.AwsExamples;
import io.pgvs3.s3.auth.ChunkSigner;
import io.pgvs3.s3.auth.PayloadMode;
import io.pgvs3.s3.auth.SigV4Verifier;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AwsChunkedInputStreamTest {
    private final SigV4Verifier verifier = new SigV4Verifier(AwsExamples.store(), Duration.ofMinutes(15), "us-east-1");

    /** The chain as the verifier hands it out for AWS's chunked example request. */
    private ChunkSigner chunkedSigner() {
        return verifier.verify(AwsExamples.chunkedPut().build()).chunkSigner();
    }

    private ChunkSigner trailerSigner() {
        return verifier.verify(AwsExamples.chunkedPutWithTrailer().build()).chunkSigner();
    }

    private AwsChunkedInputStream signed(byte[] body) {
        return new AwsChunkedInputStream(new ByteArrayInputStream(body), PayloadMode.STREAMING_SIGNED, chunkedSigner());
    }

    private static AwsChunkedInputStream unsigned(String body) {
        return new AwsChunkedInputStream(new ByteArrayInputStream(ChunkedBodies.ascii(body)),
                PayloadMode.STREAMING_UNSIGNED_TRAILER, null);
    }

    private static AuthFailure failureOf(InputStream in) {
        return assertThrows(AuthException.class, in::readAllBytes).failure();
    }

    @Test
    void awsChunkedExampleDecodesToItsPayload() throws IOException {
        byte[] body = ChunkedBodies.chunkedExample();
        assertEquals(66824, body.length, "Content-Length printed on the AWS page");
        AwsChunkedInputStream in = new AwsChunkedInputStream(new ByteArrayInputStream(body),
                PayloadMode.STREAMING_SIGNED, chunkedSigner(), 66560);
        assertArrayEquals(ChunkedBodies.a(66560), in.readAllBytes());
        assertEquals(-1, in.read());
        assertEquals(Map.of(), in.trailers());
    }

    @Test
    void chunkBoundariesAnywhereInTheNetworkReads() throws IOException {
        for (int max : new int[] {1, 7, 4096, 65537}) {
            InputStream in = new AwsChunkedInputStream(ChunkedBodies.trickle(ChunkedBodies.chunkedExample(), max),
                    PayloadMode.STREAMING_SIGNED, chunkedSigner());
            assertArrayEquals(ChunkedBodies.a(66560), in.readAllBytes(), "trickle " + max);
        }
    }

    @Test
    void singleByteReadsAndSkipStillVerify() throws IOException {
        InputStream in = signed(ChunkedBodies.chunkedExample());
        assertEquals('a', in.read());
        assertEquals(66000, in.skip(66000));
        assertEquals(559, in.readAllBytes().length);
    }

    @Test
    void badMiddleChunkSignatureFailsBeforeItsBytesAndBeforeEof() throws IOException {
        byte[] body = ChunkedBodies.chunkedExample(ChunkedBodies.SIG1, ChunkedBodies.SIG1, ChunkedBodies.SIG_FINAL);
        InputStream in = signed(body);
        byte[] buf = new byte[100_000];
        int total = 0;
        AuthException e = null;
        try {
            for (int n; (n = in.read(buf, 0, buf.length)) >= 0; ) {
                total += n;
            }
        } catch (AuthException caught) {
            e = caught;
        }
        assertTrue(e != null, "EOF must never be reached");
        assertEquals(AuthFailure.SIGNATURE_DOES_NOT_MATCH, e.failure());
        assertEquals(65536, total, "no byte of the bad chunk is handed out");
        assertThrows(AuthException.class, in::read, "the failure is sticky");
    }

    @Test
    void tamperedDataFailsItsChunk() {
        byte[] body = ChunkedBodies.chunkedExample();
        body[70_000 - 4000] = 'b';
        assertEquals(AuthFailure.SIGNATURE_DOES_NOT_MATCH, failureOf(signed(body)));
    }

    @Test
    void badFinalChunkSignatureFailsInsteadOfEof() throws IOException {
        byte[] body = ChunkedBodies.chunkedExample(ChunkedBodies.SIG1, ChunkedBodies.SIG2, ChunkedBodies.SIG2);
        InputStream in = signed(body);
        assertEquals(66560, in.readNBytes(66560).length);
        assertEquals(AuthFailure.SIGNATURE_DOES_NOT_MATCH, assertThrows(AuthException.class, in::read).failure());
    }

    @Test
    void reorderedChunksFail() {
        // Chunk signatures chain, so swapping two valid signatures must not verify.
        byte[] body = ChunkedBodies.chunkedExample(ChunkedBodies.SIG2, ChunkedBodies.SIG1, ChunkedBodies.SIG_FINAL);
        assertEquals(AuthFailure.SIGNATURE_DOES_NOT_MATCH, failureOf(signed(body)));
    }

    @Test
    void missingChunkSignatureIsMalformed() {
        assertThrows(AuthException.class, () -> signed(ChunkedBodies.ascii("5\r\nhello\r\n0\r\n\r\n")).readAllBytes());
    }

    @Test
    void truncatedBodiesAreIncomplete() {
        byte[] body = ChunkedBodies.chunkedExample();
        for (int cut : new int[] {0, 5, 100, 65_600, 66_700, 66_750}) {
            assertEquals(AuthFailure.INCOMPLETE_BODY, failureOf(signed(Arrays.copyOf(body, cut))), "cut at " + cut);
        }
    }

    @Test
    void omittedFinalBlankLineIsTolerated() throws IOException {
        byte[] body = ChunkedBodies.chunkedExample();
        InputStream in = signed(Arrays.copyOf(body, body.length - 2));
        assertEquals(66560, in.readAllBytes().length);
    }

    @Test
    void oversizedHeaderLineIsRejectedWithoutBufferingIt() {
        String line = "5;" + "x".repeat(AwsChunkedInputStream.MAX_LINE_LENGTH) + "\r\nhello\r\n0\r\n\r\n";
        assertEquals(AuthFailure.MALFORMED_CHUNK, failureOf(unsigned(line)));
    }

    @Test
    void wrongFramingIsMalformed() {
        assertEquals(AuthFailure.MALFORMED_CHUNK, failureOf(unsigned("zz\r\nhello\r\n0\r\n\r\n")));
        assertEquals(AuthFailure.MALFORMED_CHUNK, failureOf(unsigned("-5\r\nhello\r\n0\r\n\r\n")));
        assertEquals(AuthFailure.MALFORMED_CHUNK, failureOf(unsigned("5\r\nhelloXX0\r\n\r\n")));
        assertEquals(AuthFailure.MALFORMED_CHUNK, failureOf(unsigned("5\rXhello\r\n0\r\n\r\n")));
        assertEquals(AuthFailure.MALFORMED_CHUNK, failureOf(unsigned("ffffffffffffffffff\r\n")));
        assertEquals(AuthFailure.MALFORMED_CHUNK, failureOf(unsigned("5\r\nhello\r\n0\r\n\r\ngarbage")));
        assertEquals(AuthFailure.MALFORMED_CHUNK, failureOf(unsigned("5\r\nhello\r\n0\r\nno-colon\r\n\r\n")));
    }

    @Test
    void frameworkNeverLeaksIntoTheData() throws IOException {
        assertArrayEquals(ChunkedBodies.ascii("hello world"),
                unsigned("5\r\nhello\r\n6;ext=1\r\n world\r\n0\r\n\r\n").readAllBytes());
    }

    @Test
    void declaredDecodedLengthIsEnforced() {
        InputStream shortBody = new AwsChunkedInputStream(new ByteArrayInputStream(ChunkedBodies.chunkedExample()),
                PayloadMode.STREAMING_SIGNED, chunkedSigner(), 66561);
        assertEquals(AuthFailure.INCOMPLETE_BODY, failureOf(shortBody));
        InputStream longBody = new AwsChunkedInputStream(new ByteArrayInputStream(ChunkedBodies.chunkedExample()),
                PayloadMode.STREAMING_SIGNED, chunkedSigner(), 1000);
        assertEquals(AuthFailure.INCOMPLETE_BODY, failureOf(longBody));
    }

    @Test
    void trailersAreRefusedWhenTheModeHasNone() {
        byte[] body = ChunkedBodies.trailerExample("x-amz-checksum-crc32c:sOO8/Q==", null);
        InputStream in = new AwsChunkedInputStream(new ByteArrayInputStream(body), PayloadMode.STREAMING_SIGNED,
                trailerSigner());
        assertEquals(AuthFailure.MALFORMED_CHUNK, failureOf(in));
    }

    @Test
    void awsSignedTrailerExampleDecodesAndExposesTheChecksum() throws IOException {
        byte[] body = ChunkedBodies.trailerExample("x-amz-checksum-crc32c:sOO8/Q==", ChunkedBodies.TRAILER_SIGNATURE);
        assertEquals(66946, body.length);
        AwsChunkedInputStream in = new AwsChunkedInputStream(new ByteArrayInputStream(body),
                PayloadMode.STREAMING_SIGNED_TRAILER, trailerSigner(), 66560);
        assertArrayEquals(ChunkedBodies.a(66560), in.readAllBytes());
        assertEquals(Map.of("x-amz-checksum-crc32c", "sOO8/Q=="), in.trailers());
    }

    @Test
    void alteredTrailerFailsItsSignature() {
        byte[] body = ChunkedBodies.trailerExample("x-amz-checksum-crc32c:AAAAAA==", ChunkedBodies.TRAILER_SIGNATURE);
        InputStream in = new AwsChunkedInputStream(new ByteArrayInputStream(body),
                PayloadMode.STREAMING_SIGNED_TRAILER, trailerSigner());
        assertEquals(AuthFailure.SIGNATURE_DOES_NOT_MATCH, failureOf(in));
    }

    /**
     * Found by AwsChunkedPropertyTest: with the CR of the first trailer's line ending lost, the two
     * trailers read as one line whose canonical form equals theirs, so the signature verified.
     */
    @Test
    void aBareLineFeedInsideASignedTrailerIsMalformedThoughItsSignatureWouldVerify() {
        Map<String, String> trailers = new java.util.LinkedHashMap<>();
        trailers.put("x-amz-checksum-crc32", "s3SFCQ==");
        trailers.put("x-amz-checksum-sha256", "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
        String wire = new String(ChunkedWire.encode(PayloadMode.STREAMING_SIGNED_TRAILER, java.util.List.of(), trailers,
                false), java.nio.charset.StandardCharsets.ISO_8859_1);
        byte[] joined = ChunkedBodies.ascii(wire.replace("s3SFCQ==\r\n", "s3SFCQ==\n"));
        InputStream in = new AwsChunkedInputStream(new ByteArrayInputStream(joined),
                PayloadMode.STREAMING_SIGNED_TRAILER, ChunkedWire.SIGNER);
        assertEquals(AuthFailure.MALFORMED_CHUNK, failureOf(in));
    }

    @Test
    void missingTrailerSignatureFails() {
        byte[] body = ChunkedBodies.trailerExample("x-amz-checksum-crc32c:sOO8/Q==", null);
        InputStream in = new AwsChunkedInputStream(new ByteArrayInputStream(body),
                PayloadMode.STREAMING_SIGNED_TRAILER, trailerSigner());
        assertEquals(AuthFailure.SIGNATURE_DOES_NOT_MATCH, failureOf(in));
    }

    @Test
    void oversizedTrailersAreRejected() {
        StringBuilder body = new StringBuilder("0\r\n");
        for (int i = 0; i < 100; i++) {
            body.append("x-amz-meta-").append(i).append(':').append("v".repeat(200)).append("\r\n");
        }
        assertEquals(AuthFailure.MALFORMED_CHUNK, failureOf(unsigned(body.append("\r\n").toString())));
    }

    @Test
    void awsUnsignedTrailerExampleDecodes() throws IOException {
        AwsChunkedInputStream in = new AwsChunkedInputStream(
                ChunkedBodies.trickle(ChunkedBodies.unsignedTrailerExample(), 333),
                PayloadMode.STREAMING_UNSIGNED_TRAILER, null, 17408);
        assertArrayEquals(ChunkedBodies.a(17408), in.readAllBytes());
        assertEquals(Map.of("x-amz-checksum-crc32", "s3SFCQ=="), in.trailers());
    }

    @Test
    void signerMustMatchTheMode() {
        InputStream empty = new ByteArrayInputStream(new byte[0]);
        assertThrows(IllegalArgumentException.class,
                () -> new AwsChunkedInputStream(empty, PayloadMode.STREAMING_SIGNED, null));
        assertThrows(IllegalArgumentException.class,
                () -> new AwsChunkedInputStream(empty, PayloadMode.STREAMING_UNSIGNED_TRAILER, chunkedSigner()));
        assertThrows(IllegalArgumentException.class,
                () -> new AwsChunkedInputStream(empty, PayloadMode.UNSIGNED, null));
    }
}
