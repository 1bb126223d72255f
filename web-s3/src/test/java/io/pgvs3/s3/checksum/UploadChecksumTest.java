package io.pgvs3.s3.checksum;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.error.S3Exception;
import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import io.pgvs3.store.api.checksum.ChecksumType;
import io.pgvs3.store.api.checksum.ObjectChecksum;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Header negotiation and verification, with the "Hello world" values of the AWS SDKs' tests. */
class UploadChecksumTest {

    private static final byte[] BODY = "Hello world".getBytes(StandardCharsets.US_ASCII);

    private static Map<String, List<String>> headers(String... pairs) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            headers.put(pairs[i], List.of(pairs[i + 1]));
        }
        return headers;
    }

    private static ObjectChecksum upload(UploadChecksum checksum, Map<String, String> trailers) throws Exception {
        try (InputStream in = checksum.wrap(new ByteArrayInputStream(BODY))) {
            in.readAllBytes();
        }
        return checksum.verify(trailers);
    }

    private static S3Exception refused(Map<String, List<String>> headers, boolean trailer) {
        return assertThrows(S3Exception.class, () -> UploadChecksum.of(headers, trailer));
    }

    @Test
    void headerValueIsVerified() throws Exception {
        UploadChecksum checksum = UploadChecksum.of(headers("X-Amz-Checksum-Crc32c", "crUfeA==",
                "x-amz-sdk-checksum-algorithm", "CRC32C"), false);
        assertTrue(checksum.declared());
        assertEquals(new ObjectChecksum(ChecksumAlgorithm.CRC32C, ChecksumType.FULL_OBJECT, "crUfeA=="),
                upload(checksum, Map.of()));
    }

    @Test
    void mismatchIsBadDigestWithS3sMessage() {
        UploadChecksum checksum = UploadChecksum.of(headers("x-amz-checksum-crc32", "AAAAAA=="), false);
        S3Exception e = assertThrows(S3Exception.class, () -> upload(checksum, Map.of()));
        assertEquals(S3ErrorCode.BAD_DIGEST, e.code());
        assertEquals("The CRC32 you specified did not match the calculated checksum.", e.getMessage());
    }

    @Test
    void trailerValueIsVerified() throws Exception {
        UploadChecksum checksum = UploadChecksum.of(headers("x-amz-trailer", "x-amz-checksum-crc64nvme",
                "x-amz-sdk-checksum-algorithm", "crc64nvme"), true);
        assertEquals("OOJZ0D8xKts=", upload(checksum, Map.of("x-amz-checksum-crc64nvme", "OOJZ0D8xKts=")).value());
        UploadChecksum wrong = UploadChecksum.of(headers("x-amz-trailer", "x-amz-checksum-sha256"), true);
        assertEquals(S3ErrorCode.BAD_DIGEST, assertThrows(S3Exception.class,
                () -> upload(wrong, Map.of("x-amz-checksum-sha256", "e1AsOh9IyGCa4hLN+2Od7jlnP14AAAAAAAAAAAAAAAA="))).code());
        UploadChecksum missing = UploadChecksum.of(headers("x-amz-trailer", "x-amz-checksum-sha1"), true);
        assertEquals(S3ErrorCode.INVALID_REQUEST, assertThrows(S3Exception.class, () -> upload(missing, Map.of())).code());
    }

    @Test
    void undeclaredTrailerIsBadDigest() {
        UploadChecksum checksum = UploadChecksum.of(headers(), true);
        assertEquals(S3ErrorCode.BAD_DIGEST, assertThrows(S3Exception.class,
                () -> upload(checksum, Map.of("x-amz-checksum-crc32", "i9aeUg=="))).code());
        UploadChecksum other = UploadChecksum.of(headers("x-amz-trailer", "x-amz-checksum-crc32"), true);
        assertEquals(S3ErrorCode.BAD_DIGEST, assertThrows(S3Exception.class, () -> upload(other,
                Map.of("x-amz-checksum-crc32", "i9aeUg==", "x-amz-checksum-crc32c", "crUfeA=="))).code());
    }

    /** Without a declared checksum S3 computes and stores CRC64NVME. */
    @Test
    void undeclaredUploadGetsTheDefault() throws Exception {
        UploadChecksum checksum = UploadChecksum.of(headers("Content-Type", "text/plain"), false);
        assertFalse(checksum.declared());
        assertEquals(new ObjectChecksum(ChecksumAlgorithm.CRC64NVME, ChecksumType.FULL_OBJECT, "OOJZ0D8xKts="),
                upload(checksum, Map.of()));
    }

    @Test
    void contradictionsAreRefusedBeforeTheBody() {
        assertEquals("Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.",
                refused(headers("x-amz-checksum-crc32", "i9aeUg==", "x-amz-checksum-crc32c", "crUfeA=="), false).getMessage());
        assertEquals("Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.",
                refused(headers("x-amz-checksum-crc32", "i9aeUg==", "x-amz-trailer", "x-amz-checksum-crc32c"), true).getMessage());
        assertEquals("The algorithm type you specified in x-amz-checksum- header is invalid.",
                refused(headers("x-amz-checksum-crc33", "i9aeUg=="), false).getMessage());
        assertEquals(S3ErrorCode.NOT_IMPLEMENTED, refused(headers("x-amz-checksum-sha512", "x"), false).code());
        assertEquals("Value for x-amz-checksum-crc32 header is invalid.",
                refused(headers("x-amz-checksum-crc32", "crUfeA"), false).getMessage());
        assertEquals("Value for x-amz-checksum-crc32 header is invalid.",
                refused(headers("x-amz-checksum-crc32", "OOJZ0D8xKts="), false).getMessage());
        assertEquals("Value for x-amz-sdk-checksum-algorithm header is invalid.",
                refused(headers("x-amz-checksum-crc32c", "crUfeA==", "x-amz-sdk-checksum-algorithm", "CRC32"), false)
                        .getMessage());
        assertEquals("x-amz-sdk-checksum-algorithm specified, but no corresponding x-amz-checksum-* or x-amz-trailer"
                + " headers were found.", refused(headers("x-amz-sdk-checksum-algorithm", "CRC32"), false).getMessage());
        assertTrue(refused(headers("x-amz-sdk-checksum-algorithm", "CRC99"), false).getMessage()
                .startsWith("Checksum algorithm provided is unsupported."));
        assertEquals("The value specified in the x-amz-trailer header is not supported",
                refused(headers("x-amz-trailer", "x-amz-checksum-foo"), true).getMessage());
        assertEquals("The value specified in the x-amz-trailer header is not supported",
                refused(headers("x-amz-trailer", "x-amz-meta-a"), true).getMessage());
        assertEquals(S3ErrorCode.INVALID_REQUEST, refused(headers("x-amz-trailer", "x-amz-checksum-crc32"), false).code());
    }

    @Test
    void modeAndTypeHeadersAreNotValues() throws Exception {
        UploadChecksum checksum = UploadChecksum.of(headers("x-amz-checksum-mode", "ENABLED",
                "x-amz-checksum-type", "FULL_OBJECT", "x-amz-checksum-sha1", "e1AsOh9IyGCa4hLN+2Od7jlnP14="), false);
        assertEquals(ChecksumAlgorithm.SHA1, checksum.algorithm());
        assertEquals("e1AsOh9IyGCa4hLN+2Od7jlnP14=", upload(checksum, Map.of()).value());
    }

    @Test
    void responseHeaders() {
        assertEquals(Map.of("x-amz-checksum-crc32", "i9aeUg==", "x-amz-checksum-type", "FULL_OBJECT"),
                ChecksumHeaders.of(new ObjectChecksum(ChecksumAlgorithm.CRC32, ChecksumType.FULL_OBJECT, "i9aeUg==")));
        assertTrue(ChecksumHeaders.of(null).isEmpty());
        assertTrue(ChecksumHeaders.requested(List.of("enabled")));
        assertFalse(ChecksumHeaders.requested(null));
    }
}
