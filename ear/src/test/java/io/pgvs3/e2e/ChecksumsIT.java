package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.model.ChecksumAlgorithm;
import software.amazon.awssdk.services.s3.model.ChecksumMode;
import software.amazon.awssdk.services.s3.model.ChecksumType;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.PutObjectResponse;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Checksums end to end with the AWS SDK for Java v2 at its default settings (CRC32 computed for
 * uploads, responses validated when a full-object checksum comes back), explicit algorithms as header
 * and as aws-chunked trailer, mismatches, and hand-made requests for what the SDK cannot send. The
 * "Hello world" values are the ones the AWS SDKs' own tests use.
 */
@ExtendWith(Stack.class)
class ChecksumsIT {

    @RegisterExtension
    static final TwoGateways GATEWAYS = new TwoGateways("checksums");
    private static final String BUCKET = GATEWAYS.bucket();
    private static final byte[] HELLO = "Hello world".getBytes(StandardCharsets.US_ASCII);

    /** Default SDK settings: the upload carries a CRC32; a GET with checksum mode gets and validates it. */
    @Test
    void defaultSettingsPutAndGetSmallAndLarge() throws Exception {
        for (int size : new int[] {1024, 20 * 1024 * 1024}) {
            byte[] body = Bodies.bytes(size, size);
            String key = "default-" + size;
            PutObjectResponse put = GATEWAYS.first().putObject(b -> b.bucket(BUCKET).key(key), RequestBody.fromBytes(body));
            String crc32 = crc32(body);
            assertEquals(crc32, put.checksumCRC32(), "PutObject echoes the verified checksum");
            assertEquals(ChecksumType.FULL_OBJECT, put.checksumType());

            assertEquals(Bodies.md5(body),
                    Bodies.md5(GATEWAYS.second().getObjectAsBytes(b -> b.bucket(BUCKET).key(key)).asByteArray()));
            // The Java SDK asks for checksums on GET only when told to; it then validates what it receives.
            ResponseBytes<GetObjectResponse> got = GATEWAYS.second().getObjectAsBytes(b -> b.bucket(BUCKET).key(key)
                    .checksumMode(ChecksumMode.ENABLED));
            assertEquals(Bodies.md5(body), Bodies.md5(got.asByteArray()));
            assertEquals(crc32, got.response().checksumCRC32());
        }
    }

    @Test
    void explicitAlgorithmsAsHeaderAndAsTrailer() {
        GATEWAYS.first().putObject(b -> b.bucket(BUCKET).key("crc32c-header").checksumCRC32C("crUfeA=="), RequestBody.fromBytes(HELLO));
        GATEWAYS.first().putObject(b -> b.bucket(BUCKET).key("sha256-header")
                .checksumSHA256("ZOyIygCyaOW6GjVnihtTFtIS9PNmskdyMlNKiuyjfzw="), RequestBody.fromBytes(HELLO));
        GATEWAYS.first().putObject(b -> b.bucket(BUCKET).key("crc64-header").checksumCRC64NVME("OOJZ0D8xKts="),
                RequestBody.fromBytes(HELLO));
        GATEWAYS.first().putObject(b -> b.bucket(BUCKET).key("crc32c-trailer").checksumAlgorithm(ChecksumAlgorithm.CRC32_C),
                RequestBody.fromBytes(HELLO));
        GATEWAYS.first().putObject(b -> b.bucket(BUCKET).key("sha256-trailer").checksumAlgorithm(ChecksumAlgorithm.SHA256),
                RequestBody.fromBytes(HELLO));

        assertEquals("crUfeA==", head("crc32c-header").checksumCRC32C());
        assertEquals("crUfeA==", head("crc32c-trailer").checksumCRC32C());
        assertEquals("ZOyIygCyaOW6GjVnihtTFtIS9PNmskdyMlNKiuyjfzw=", head("sha256-header").checksumSHA256());
        assertEquals("ZOyIygCyaOW6GjVnihtTFtIS9PNmskdyMlNKiuyjfzw=", head("sha256-trailer").checksumSHA256());
        assertEquals("OOJZ0D8xKts=", head("crc64-header").checksumCRC64NVME());
        GetObjectResponse got = GATEWAYS.second().getObject(b -> b.bucket(BUCKET).key("sha256-trailer")
                .checksumMode(ChecksumMode.ENABLED), (response, in) -> {
            in.readAllBytes();
            return response;
        });
        assertEquals("ZOyIygCyaOW6GjVnihtTFtIS9PNmskdyMlNKiuyjfzw=", got.checksumSHA256());
        assertEquals(ChecksumType.FULL_OBJECT, got.checksumType());
    }

    /** The SDK cannot compute CRC64NVME without the CRT, so this trailer is sent by hand (unsigned trailer form). */
    @Test
    void crc64nvmeTrailerByHand() throws Exception {
        RawHttp.Response ok = chunkedWithTrailer("crc64-trailer", "x-amz-checksum-crc64nvme", "OOJZ0D8xKts=");
        assertEquals(200, ok.status(), ok.body());
        assertEquals("OOJZ0D8xKts=", ok.headers().get("x-amz-checksum-crc64nvme"));
        assertEquals("OOJZ0D8xKts=", head("crc64-trailer").checksumCRC64NVME());
    }

    @Test
    void wrongChecksumIsBadDigestAndPublishesNothing() throws Exception {
        GATEWAYS.first().putObject(b -> b.bucket(BUCKET).key("guarded"), RequestBody.fromString("old"));
        String oldEtag = head("guarded").eTag();

        S3Exception header = assertThrows(S3Exception.class, () -> GATEWAYS.first().putObject(b -> b.bucket(BUCKET).key("guarded")
                .checksumCRC32C("AAAAAA=="), RequestBody.fromBytes(Bodies.bytes(300_000, 1))));
        assertEquals(400, header.statusCode());
        assertEquals("BadDigest", header.awsErrorDetails().errorCode());
        assertEquals("The CRC32C you specified did not match the calculated checksum.",
                header.awsErrorDetails().errorMessage());

        RawHttp.Response trailer = chunkedWithTrailer("guarded", "x-amz-checksum-crc64nvme", "AAAAAAAAAAA=");
        assertEquals(400, trailer.status());
        assertTrue(trailer.body().contains("<Code>BadDigest</Code>"), trailer.body());

        RawHttp.Response undeclared = chunkedWithTrailer("guarded", null, "crUfeA==");
        assertEquals(400, undeclared.status());
        assertTrue(undeclared.body().contains("<Code>BadDigest</Code>"), undeclared.body());

        assertEquals(oldEtag, head("guarded").eTag());
        assertEquals("old", GATEWAYS.second().getObjectAsBytes(b -> b.bucket(BUCKET).key("guarded")).asUtf8String());
        // a client's bad checksum is an answer, not a container failure (CNTR0020E: EJB system exception)
        assertFalse(Stack.gatewayLog(0).contains("CNTR0020E"), "the store refused input as a system exception");
    }

    @Test
    void contradictoryHeadersAreInvalidRequest() {
        S3Exception e = assertThrows(S3Exception.class, () -> GATEWAYS.first().putObject(b -> b.bucket(BUCKET).key("contra")
                .checksumAlgorithm(ChecksumAlgorithm.CRC32).checksumCRC32C("crUfeA=="), RequestBody.fromBytes(HELLO)));
        assertEquals(400, e.statusCode());
        assertEquals("InvalidRequest", e.awsErrorDetails().errorCode());
    }

    /** An upload without any checksum gets CRC64NVME, as S3 adds it; a ranged answer carries no checksum. */
    @Test
    void defaultChecksumAndRanges() throws Exception {
        URI endpoint = URI.create(Stack.s3Endpoint(0));
        RawHttp.Response put = SignedRawRequest.put(endpoint, "/" + BUCKET + "/plain", HELLO.length)
                .send(endpoint, HELLO);
        assertEquals(200, put.status(), put.body());
        assertEquals("OOJZ0D8xKts=", put.headers().get("x-amz-checksum-crc64nvme"));
        assertEquals("FULL_OBJECT", put.headers().get("x-amz-checksum-type"));
        HeadObjectResponse head = head("plain");
        assertEquals("OOJZ0D8xKts=", head.checksumCRC64NVME());
        assertNull(head.checksumCRC32());

        HeadObjectResponse plainHead = GATEWAYS.second().headObject(b -> b.bucket(BUCKET).key("plain"));
        assertNull(plainHead.checksumCRC64NVME(), "without checksum mode no checksum is sent");
        GetObjectResponse ranged = GATEWAYS.second().getObject(b -> b.bucket(BUCKET).key("plain")
                .range("bytes=0-4").checksumMode(ChecksumMode.ENABLED), (response, in) -> {
                    assertEquals("Hello", new String(in.readAllBytes(), StandardCharsets.US_ASCII));
                    return response;
                });
        assertNull(ranged.checksumCRC64NVME());
        assertNull(ranged.checksumType());
    }

    /** A signed payload hash that does not match the body: 400 XAmzContentSHA256Mismatch, nothing published. */
    @Test
    void signedPayloadHashMismatch() throws Exception {
        URI endpoint = URI.create(Stack.s3Endpoint(1));
        byte[] body = Bodies.bytes(100_000, 5);
        RawHttp.Response good = SignedRawRequest.of("PUT", endpoint, "/" + BUCKET + "/signed", "", body.length,
                SignedRawRequest.sha256Hex(body), Map.of()).send(endpoint, body);
        assertEquals(200, good.status(), good.body());
        byte[] other = Bodies.bytes(100_000, 6);
        RawHttp.Response bad = SignedRawRequest.of("PUT", endpoint, "/" + BUCKET + "/signed", "", other.length,
                SignedRawRequest.sha256Hex(body), Map.of()).send(endpoint, other);
        assertEquals(400, bad.status(), bad.body());
        assertTrue(bad.body().contains("<Code>XAmzContentSHA256Mismatch</Code>"), bad.body());
        assertEquals(Bodies.md5(body), Bodies.md5(GATEWAYS.first().getObjectAsBytes(b -> b.bucket(BUCKET).key("signed")).asByteArray()));
    }

    private HeadObjectResponse head(String key) {
        return GATEWAYS.second().headObject(b -> b.bucket(BUCKET).key(key).checksumMode(ChecksumMode.ENABLED));
    }

    /**
     * "Hello world" as STREAMING-UNSIGNED-PAYLOAD-TRAILER: one chunk, the final chunk, then the trailer
     * {@code trailerName: value}; {@code declared} is what x-amz-trailer names (null: nothing declared).
     */
    private static RawHttp.Response chunkedWithTrailer(String key, String declared, String value)
            throws Exception {
        String trailerName = declared != null ? declared : "x-amz-checksum-crc32c";
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes((Integer.toHexString(HELLO.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
        body.writeBytes(HELLO);
        body.writeBytes(("\r\n0\r\n" + trailerName + ":" + value + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        Map<String, String> headers = declared == null
                ? Map.of("content-encoding", "aws-chunked", "x-amz-decoded-content-length", "11")
                : Map.of("content-encoding", "aws-chunked", "x-amz-decoded-content-length", "11",
                        "x-amz-trailer", declared);
        URI endpoint = URI.create(Stack.s3Endpoint(0));
        return SignedRawRequest.of("PUT", endpoint, "/" + BUCKET + "/" + key, "", body.size(),
                "STREAMING-UNSIGNED-PAYLOAD-TRAILER", headers).send(endpoint, body.toByteArray());
    }

    private static String crc32(byte[] body) {
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(body);
        long v = crc.getValue();
        return Base64.getEncoder().encodeToString(new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v});
    }
}
