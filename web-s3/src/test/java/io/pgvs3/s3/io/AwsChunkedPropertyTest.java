package io.pgvs3.s3.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.property.Bytes;
import io.pgvs3.property.Gen;
import io.pgvs3.property.Inputs;
import io.pgvs3.property.Property;
import io.pgvs3.s3.auth.AuthException;
import io.pgvs3.s3.auth.AuthFailure;
import io.pgvs3.s3.auth.PayloadMode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The aws-chunked decoder over valid, damaged and arbitrary bodies in all three streaming modes: a valid
 * body decodes to its payload and trailers however the reads fall; with signed chunks, no body ever reaches
 * EOF with bytes other than those of its validly signed chunks; every refusal is IncompleteBody or
 * SignatureDoesNotMatch (never an IndexOutOfBounds, NumberFormat or OOM), within a small allocation
 * whatever the framing declares.
 */
class AwsChunkedPropertyTest {

    private static final Set<AuthFailure> BODY_FAILURES = EnumSet.of(AuthFailure.INCOMPLETE_BODY,
            AuthFailure.MALFORMED_CHUNK, AuthFailure.SIGNATURE_DOES_NOT_MATCH);
    /** Decoding a few KiB costs line buffers and one HMAC per chunk, never what a size line declares. */
    private static final long DECODE_ALLOCATION_CAP = 32 << 20;

    /** A body on the wire, what it carries, and how a reader takes it in. */
    record Body(PayloadMode mode, byte[] payload, Map<String, String> trailers, byte[] wire, long readSeed) {
        @Override
        public String toString() {
            return mode + " payload " + payload.length + " bytes, trailers " + trailers + ", wire " + Inputs.describe(wire);
        }
    }

    /** What reading a body to its end gave: the bytes and trailers, or the refusal. */
    record Outcome(byte[] data, Map<String, String> trailers, AuthException refusal) {
    }

    @Test
    void aValidBodyDecodesToItsPayloadAndTrailersHoweverTheReadsFall() {
        Property.forAll(validBody()).tries(1000).maxAllocatedBytesPerTry(DECODE_ALLOCATION_CAP).check(body -> {
            Outcome outcome = decode(body.mode(), body.wire(), body.payload().length, body.readSeed());
            assertEquals(null, outcome.refusal(), "refused a valid body");
            assertArrayEquals(body.payload(), outcome.data());
            assertEquals(body.trailers(), outcome.trailers());
        });
    }

    @Test
    void aDamagedSignedBodyNeverYieldsBytesOutsideItsSignedChunks() {
        Gen<Body> damaged = validBody().map(AwsChunkedPropertyTest::signedOnly);
        Property.forAll(random -> damage(damaged.next(random), random)).tries(2000)
                .maxAllocatedBytesPerTry(DECODE_ALLOCATION_CAP).check(body -> {
                    Outcome outcome = decode(body.mode(), body.wire(), -1, body.readSeed());
                    if (outcome.refusal() == null) {
                        assertArrayEquals(body.payload(), outcome.data(), "EOF with bytes that were not signed");
                        assertEquals(body.trailers(), outcome.trailers(), "EOF with trailers that were not signed");
                    } else {
                        assertTrue(BODY_FAILURES.contains(outcome.refusal().failure()), outcome.refusal().toString());
                    }
                });
    }

    @Test
    void anyBodyInAnyModeDecodesOrIsRefusedAsAnS3BodyError() {
        Gen<byte[]> wire = Gen.oneOf(Bytes.noise(1024), Bytes.from("0123456789abcdefABCDEF;=\r\n:-x", 512),
                Bytes.mutated(validBody().map(Body::wire)), hugeSizeLine());
        Gen<PayloadMode> mode = Gen.element(PayloadMode.STREAMING_SIGNED, PayloadMode.STREAMING_SIGNED_TRAILER,
                PayloadMode.STREAMING_UNSIGNED_TRAILER);
        Gen<Long> declared = Gen.element(-1L, 0L, 5L, 100L);
        Property.forAll(random -> new Body(mode.next(random), new byte[0], Map.of(), wire.next(random),
                declared.next(random))).tries(2000).maxAllocatedBytesPerTry(DECODE_ALLOCATION_CAP).check(body -> {
                    Outcome outcome = decode(body.mode(), body.wire(), body.readSeed(), body.readSeed());
                    if (outcome.refusal() != null) {
                        assertTrue(BODY_FAILURES.contains(outcome.refusal().failure()), outcome.refusal().toString());
                    } else {
                        assertTrue(outcome.data().length <= body.wire().length, "more data than wire bytes");
                    }
                });
    }

    /** A size line claiming terabytes (or more), then a little data: nothing is allocated for the claim. */
    private static Gen<byte[]> hugeSizeLine() {
        return Gen.element("ffffffffffff", "7fffffffffffffff", "ffffffffffffffff", "0000ffffffff", "80000000")
                .map(size -> (size + ";chunk-signature=" + "0".repeat(64) + "\r\nabc")
                        .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    }

    private static Gen<Body> validBody() {
        Gen<PayloadMode> modes = Gen.element(PayloadMode.STREAMING_SIGNED, PayloadMode.STREAMING_SIGNED_TRAILER,
                PayloadMode.STREAMING_UNSIGNED_TRAILER);
        return random -> {
            PayloadMode mode = modes.next(random);
            byte[] payload = new byte[random.nextInt(4) == 0 ? 0 : random.nextInt(3000)];
            random.nextBytes(payload);
            List<byte[]> chunks = split(payload, random);
            Map<String, String> trailers = new LinkedHashMap<>();
            if (mode.hasTrailer() && random.nextInt(4) > 0) {
                trailers.put("x-amz-checksum-crc32", "s3SFCQ==");
                if (random.nextBoolean()) {
                    trailers.put("x-amz-checksum-sha256", "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
                }
            }
            return new Body(mode, payload, Map.copyOf(trailers),
                    ChunkedWire.encode(mode, chunks, trailers, random.nextBoolean()), random.nextLong());
        };
    }

    private static List<byte[]> split(byte[] payload, Random random) {
        List<byte[]> chunks = new ArrayList<>();
        int at = 0;
        while (at < payload.length) {
            int size = Math.min(payload.length - at, 1 + random.nextInt(random.nextBoolean() ? 16 : 1500));
            chunks.add(java.util.Arrays.copyOfRange(payload, at, at + size));
            at += size;
        }
        return chunks;
    }

    /** Without chunk signatures nothing can tell damaged data from sent data; those bodies are signed instead. */
    private static Body signedOnly(Body body) {
        if (body.mode().signedChunks()) {
            return body;
        }
        List<byte[]> chunks = body.payload().length == 0 ? List.of() : List.of(body.payload());
        return new Body(PayloadMode.STREAMING_SIGNED_TRAILER, body.payload(), body.trailers(),
                ChunkedWire.encode(PayloadMode.STREAMING_SIGNED_TRAILER, chunks, body.trailers(), false), body.readSeed());
    }

    private static Body damage(Body body, Random random) {
        byte[] wire = body.wire();
        for (int i = random.nextInt(3); i >= 0; i--) {
            wire = Bytes.mutate(random, wire);
        }
        return new Body(body.mode(), body.payload(), body.trailers(), wire, body.readSeed());
    }

    /** Reads to EOF in reads of random sizes (single bytes and skips among them), or to the refusal. */
    private static Outcome decode(PayloadMode mode, byte[] wire, long declaredLength, long readSeed) throws IOException {
        AwsChunkedInputStream in = new AwsChunkedInputStream(new ByteArrayInputStream(wire), mode,
                mode.signedChunks() ? ChunkedWire.SIGNER : null, declaredLength);
        Random reads = new Random(readSeed);
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        byte[] buf = new byte[4096];
        try {
            while (true) {
                int choice = reads.nextInt(10);
                if (choice == 0) {
                    int b = in.read();
                    if (b < 0) {
                        break;
                    }
                    data.write(b);
                } else {
                    int n = in.read(buf, 0, 1 + reads.nextInt(buf.length));
                    if (n < 0) {
                        break;
                    }
                    data.write(buf, 0, n);
                }
            }
            return new Outcome(data.toByteArray(), in.trailers(), null);
        } catch (AuthException e) {
            return new Outcome(data.toByteArray(), in.trailers(), e);
        }
    }
}
